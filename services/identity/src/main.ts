import { ensureIndexes, exitOnStartupError, openServiceRuntime } from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { EMBEDDED_OUTBOX_COLLECTIONS } from './data/models';
import { registerConsumers } from './events/consumers';
import { createIdentityService } from './service';

async function main() {
  const config = loadConfig();
  const { logger, connection, bus, outbox, readiness, metrics, startConsumers, serve } = await openServiceRuntime('identity', config, {
    embedded: EMBEDDED_OUTBOX_COLLECTIONS,
  });
  const service = createIdentityService({
    connection,
    logger,
    outbox,
    roles: { adminEmails: config.ADMIN_EMAILS, ownerEmail: config.OWNER_EMAIL },
    googleClientId: config.GOOGLE_CLIENT_ID,
  });
  await ensureIndexes(connection);
  // ADMIN_EMAILS / OWNER_EMAIL may have changed since the last start: a removed admin's sessions end.
  const demoted = await service.sessions.reconcileRoles(async (userId) => (await service.accounts.profile(userId).catch(() => null))?.email ?? null);
  if (demoted > 0) logger.info({ members: demoted }, 'ended the sessions of members whose role was taken away');
  startConsumers(() => registerConsumers({ bus, accounts: service.accounts, logger }));

  if (service.devProvider && config.ALLOW_DEV_FROM_NETWORK) {
    logger.warn('ALLOW_DEV_FROM_NETWORK=true: anyone who reaches this service can sign in as anyone');
  }
  const app = createApp({
    ...service,
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    issuer: { privateKey: config.SESSION_PRIVATE_KEY, secureCookies: config.NODE_ENV === 'production' },
    allowDevFromNetwork: config.ALLOW_DEV_FROM_NETWORK,
    googleClientId: config.GOOGLE_CLIENT_ID,
    internalToken: config.INTERNAL_TOKEN,
    readiness,
    metrics,
  });
  serve(app);
}

main().catch(exitOnStartupError('identity'));
