import type { Express } from 'express';
import { createHttpApp, type Logger, type ReadinessCheck } from '@lakorn/service-kit';
import type { Stores } from './data';
import { createCheckIns } from './domain/checkIns';
import { checkInRoutes } from './routes/checkIns';
import { dailyCoinSettingRoutes } from './routes/dailyCoinSettings';
import { newsRoutes } from './routes/news';
import { specialDayRoutes } from './routes/specialDays';

export interface CheckinAppDeps {
  logger: Logger;
  sessionPublicKey: string;
  stores: Stores;
  /** Nudges the outbox relay after a check-in is stored (main: `() => void outbox.flush()`). */
  onCheckedIn?: () => void;
  /** The server's clock (tests move it across Bangkok midnight). */
  now?: () => Date;
  readiness?: ReadinessCheck[];
}

/** The check-in service's HTTP app: news, special days, daily coin settings and check-ins. */
export function createApp(deps: CheckinAppDeps): Express {
  const checkIns = createCheckIns({ stores: deps.stores, now: deps.now ?? (() => new Date()), onCheckedIn: deps.onCheckedIn });
  return createHttpApp({
    logger: deps.logger,
    sessionPublicKey: deps.sessionPublicKey,
    readiness: deps.readiness,
    routers: [
      newsRoutes(deps.stores.news),
      specialDayRoutes(deps.stores.specialDays),
      dailyCoinSettingRoutes(deps.stores.dailyCoinSettings),
      checkInRoutes(checkIns),
    ],
  });
}
