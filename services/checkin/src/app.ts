import type { Express } from 'express';
import { createHttpApp, type Logger, type ReadinessCheck, type ServiceMetrics } from '@lakorn/service-kit';
import { checkInRoutes } from './routes/checkIns';
import { dailyCoinSettingRoutes } from './routes/dailyCoinSettings';
import { checkinErrors } from './routes/errors';
import { newsRoutes } from './routes/news';
import { specialDayRoutes } from './routes/specialDays';
import type { CheckinService } from './service';

export interface CheckinAppDeps extends CheckinService {
  logger: Logger;
  sessionPublicKey: string;
  readiness?: ReadinessCheck[];
  /** The runtime's metrics, served at /metrics (service-kit README "Metrics"). */
  metrics?: ServiceMetrics;
}

/** The check-in service's HTTP app: news, special days, daily coin settings and check-ins. */
export function createApp(deps: CheckinAppDeps): Express {
  return createHttpApp({
    logger: deps.logger,
    sessionPublicKey: deps.sessionPublicKey,
    readiness: deps.readiness,
    metrics: deps.metrics,
    domainErrors: checkinErrors,
    routers: [newsRoutes(deps.news), specialDayRoutes(deps.specialDays), dailyCoinSettingRoutes(deps.coinSettings), checkInRoutes(deps.checkIns)],
  });
}
