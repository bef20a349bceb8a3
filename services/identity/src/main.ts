import {
  connectMongo,
  createBus,
  createLogger,
  createOutbox,
  ensureIndexes,
  exitOnStartupError,
  listenUntilStopped,
  pingMongo,
} from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { createAccountStore } from './data/accountStore';
import { EMBEDDED_OUTBOX_COLLECTIONS, identityModels } from './data/models';
import { createAccounts } from './domain/accounts';
import { devIdentityProvider, googleVerifier } from './domain/idTokens';
import { registerConsumers } from './events/consumers';

async function main() {
  const config = loadConfig();
  const logger = createLogger('identity', config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGODB_URL, `${config.MONGODB_DB_PREFIX}identity`);
  const models = identityModels(connection);
  await ensureIndexes(connection);

  const bus = createBus({ url: config.AMQP_URL, namespace: config.BUS_NAMESPACE, service: 'identity', logger });
  const outbox = createOutbox({ connection, bus, logger, embedded: EMBEDDED_OUTBOX_COLLECTIONS });
  const roles = { adminEmails: config.ADMIN_EMAILS, ownerEmail: config.OWNER_EMAIL };
  const accounts = createAccounts({ store: createAccountStore(models), outbox, roles });
  await registerConsumers(bus, accounts);
  outbox.start();

  const devProvider = config.GOOGLE_CLIENT_ID ? undefined : devIdentityProvider();
  if (devProvider) logger.warn('GOOGLE_CLIENT_ID is not set: the development identity provider signs people in');

  const app = createApp({
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    issuer: { privateKey: config.SESSION_PRIVATE_KEY, secureCookies: config.NODE_ENV === 'production' },
    accounts,
    verifier: devProvider ? devProvider.verifier : googleVerifier(config.GOOGLE_CLIENT_ID as string),
    devProvider,
    googleClientId: config.GOOGLE_CLIENT_ID,
    roles,
    readiness: [
      { name: 'mongodb', check: () => pingMongo(connection) },
      { name: 'rabbitmq', check: () => bus.isConnected() },
    ],
  });
  listenUntilStopped(app, config.PORT, logger, [() => outbox.stop(), () => bus.close(), () => connection.close()]);
}

main().catch(exitOnStartupError('identity'));
