import type { Express } from 'express';
import type { KeyObject } from 'node:crypto';
import { createHttpApp, type Logger, type ReadinessCheck } from '@lakorn/service-kit';
import type { Accounts, RoleConfig } from './domain/accounts';
import type { DevIdentityProvider, IdTokenVerifier } from './domain/idTokens';
import { authRoutes } from './routes/auth';
import type { SessionIssuer } from './routes/session';
import { userRoutes } from './routes/users';

export interface IdentityAppDeps {
  logger: Logger;
  sessionPublicKey: string | KeyObject;
  issuer: SessionIssuer;
  accounts: Accounts;
  verifier: IdTokenVerifier;
  devProvider?: DevIdentityProvider;
  /** ALLOW_DEV_FROM_NETWORK (ARCHITECTURE §5); false unless set. */
  allowDevFromNetwork?: boolean;
  googleClientId?: string;
  roles: RoleConfig;
  readiness?: ReadinessCheck[];
  firstBalanceWaitMs?: number;
}

export function createApp(deps: IdentityAppDeps): Express {
  return createHttpApp({
    logger: deps.logger,
    sessionPublicKey: deps.sessionPublicKey,
    readiness: deps.readiness,
    routers: [
      authRoutes({
        accounts: deps.accounts,
        verifier: deps.verifier,
        devProvider: deps.devProvider,
        allowDevFromNetwork: deps.allowDevFromNetwork ?? false,
        googleClientId: deps.googleClientId,
        issuer: deps.issuer,
        roles: deps.roles,
        firstBalanceWaitMs: deps.firstBalanceWaitMs ?? 2500,
      }),
      userRoutes({ accounts: deps.accounts, issuer: deps.issuer }),
    ],
  });
}
