import type { Express } from 'express';
import type { KeyObject } from 'node:crypto';
import { createHttpApp, type Logger, type ReadinessCheck, type ServiceMetrics } from '@lakorn/service-kit';
import type { IdentityService } from './service';
import { authRoutes } from './routes/auth';
import { identityErrors } from './routes/errors';
import type { SessionIssuer } from './routes/session';
import { userRoutes } from './routes/users';

export interface IdentityAppDeps extends IdentityService {
  logger: Logger;
  sessionPublicKey: string | KeyObject;
  issuer: SessionIssuer;
  /** ALLOW_DEV_FROM_NETWORK (ARCHITECTURE §5); false unless set. */
  allowDevFromNetwork?: boolean;
  googleClientId?: string;
  /** INTERNAL_TOKEN (service-kit README "Internal routes"). */
  internalToken?: string;
  readiness?: ReadinessCheck[];
  /** The runtime's metrics, served at /metrics (service-kit README "Metrics"). */
  metrics?: ServiceMetrics;
  firstBalanceWaitMs?: number;
}

export function createApp(deps: IdentityAppDeps): Express {
  return createHttpApp({
    logger: deps.logger,
    sessionPublicKey: deps.sessionPublicKey,
    readiness: deps.readiness,
    metrics: deps.metrics,
    domainErrors: identityErrors,
    routers: [
      authRoutes({
        accounts: deps.accounts,
        sessions: deps.sessions,
        nonces: deps.nonces,
        devProvider: deps.devProvider,
        allowDevFromNetwork: deps.allowDevFromNetwork ?? false,
        googleClientId: deps.googleClientId,
        internalToken: deps.internalToken,
        issuer: deps.issuer,
        firstBalanceWaitMs: deps.firstBalanceWaitMs ?? 2500,
      }),
      userRoutes({ accounts: deps.accounts, sessions: deps.sessions, issuer: deps.issuer }),
    ],
  });
}
