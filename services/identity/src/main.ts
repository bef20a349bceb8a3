import { ensureIndexes, exitOnStartupError, openServiceRuntime } from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { createAccountStore } from './data/accountStore';
import { EMBEDDED_OUTBOX_COLLECTIONS, identityModels } from './data/models';
import { createAccounts } from './domain/accounts';
import { devIdentityProvider, googleVerifier } from './domain/idTokens';
import { registerConsumers } from './events/consumers';

async function main() {
  const config = loadConfig();
  const { logger, connection, bus, outbox, readiness, startConsumers, serve } = await openServiceRuntime('identity', config, {
    embedded: EMBEDDED_OUTBOX_COLLECTIONS,
  });
  const models = identityModels(connection);
  await ensureIndexes(connection);

  const roles = { adminEmails: config.ADMIN_EMAILS, ownerEmail: config.OWNER_EMAIL };
  const accounts = createAccounts({ store: createAccountStore(models), outbox, roles });
  startConsumers(() => registerConsumers(bus, accounts));

  const devProvider = config.GOOGLE_CLIENT_ID ? undefined : devIdentityProvider();
  if (devProvider) logger.warn('GOOGLE_CLIENT_ID is not set: the development identity provider signs people in');
  if (devProvider && config.ALLOW_DEV_FROM_NETWORK) logger.warn('ALLOW_DEV_FROM_NETWORK=true: anyone who reaches this service can sign in as anyone');

  const app = createApp({
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    issuer: { privateKey: config.SESSION_PRIVATE_KEY, secureCookies: config.NODE_ENV === 'production' },
    accounts,
    verifier: devProvider ? devProvider.verifier : googleVerifier(config.GOOGLE_CLIENT_ID as string),
    devProvider,
    allowDevFromNetwork: config.ALLOW_DEV_FROM_NETWORK,
    googleClientId: config.GOOGLE_CLIENT_ID,
    roles,
    readiness,
  });
  serve(app);
}

main().catch(exitOnStartupError('identity'));
