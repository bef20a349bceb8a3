import type { OAuth2Client } from 'google-auth-library';
import { installedSessionEnds, type Connection, type Logger, type Outbox } from '@lakorn/service-kit';
import { createAccountStore } from './data/accountStore';
import { createBalanceStore } from './data/balanceStore';
import { createSessionStore } from './data/sessionStore';
import { createSignInNonceStore } from './data/signInNonceStore';
import { devIdentityProvider, googleVerifier } from './data/idTokens';
import { identityModels } from './data/models';
import { createAccounts, type RoleConfig } from './domain/accounts';
import { createSessions } from './domain/sessions';
import { createSignInNonces } from './domain/signInNonces';

export interface IdentityServiceOptions {
  connection: Connection;
  logger: Logger;
  outbox: Pick<Outbox, 'enqueue'>;
  /** ADMIN_EMAILS and OWNER_EMAIL (ARCHITECTURE §5). */
  roles: RoleConfig;
  /** GOOGLE_CLIENT_ID; without it the development identity provider signs people in. */
  googleClientId?: string;
  /** The client that fetches Google's certificates (tests give one that answers offline). */
  googleClient?: OAuth2Client;
  now?: () => Date;
}

/** Identity's parts wired together over one database: what main.ts and the tests start from. */
export function createIdentityService(options: IdentityServiceOptions) {
  const { devProvider, verifier } = identityProvider(options);
  const models = identityModels(options.connection);
  const nonces = createSignInNonces({ store: createSignInNonceStore(models), now: options.now });
  const accounts = createAccounts({
    store: createAccountStore(models),
    balances: createBalanceStore(models),
    outbox: options.outbox,
    roles: options.roles,
    verifier,
    nonces,
    now: options.now,
  });
  const sessions = createSessions({
    store: createSessionStore(models),
    outbox: options.outbox,
    roles: options.roles,
    // This process enforces its own ends at once; the others hear identity.sessions.ended.
    onEnd: (end) => installedSessionEnds()?.apply(end),
    now: options.now,
  });
  return { accounts, sessions, nonces, devProvider };
}

/** Google's ID tokens with a client id; the development provider without one (ARCHITECTURE §5). */
function identityProvider({ googleClientId, googleClient, logger }: IdentityServiceOptions) {
  if (googleClientId) return { verifier: googleVerifier(googleClientId, googleClient), devProvider: undefined };
  logger.warn('GOOGLE_CLIENT_ID is not set: the development identity provider signs people in');
  const devProvider = devIdentityProvider();
  return { verifier: devProvider.verifier, devProvider };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
