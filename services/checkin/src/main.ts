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
import { createStores, EMBEDDED_OUTBOX_COLLECTIONS } from './data';
import { registerConsumers } from './events/consumers';

async function main() {
  const config = loadConfig();
  const logger = createLogger('checkin', config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGODB_URL, `${config.MONGODB_DB_PREFIX}checkin`);
  const stores = createStores(connection);
  await ensureIndexes(connection);
  // spec §9: Sunday 30, Monday-Friday 20, Saturday 30 until an admin changes them.
  await stores.dailyCoinSettings.seedDefaults();

  const bus = createBus({ url: config.AMQP_URL, namespace: config.BUS_NAMESPACE, service: 'checkin', logger });
  const outbox = createOutbox({ connection, bus, logger, embedded: EMBEDDED_OUTBOX_COLLECTIONS });
  // Not awaited: the service answers without the broker; consumers start when it comes.
  registerConsumers({ bus, checkins: stores.checkins, logger }).catch((error: unknown) =>
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'could not start consumers'),
  );
  outbox.start();

  const app = createApp({
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    stores,
    onCheckedIn: () => {
      outbox.flush().catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'outbox flush failed'));
    },
    readiness: [
      { name: 'mongo', check: () => pingMongo(connection) },
      { name: 'bus', check: () => bus.isConnected() },
    ],
  });
  listenUntilStopped(app, config.PORT, logger, [() => outbox.stop(), () => bus.close(), () => connection.close()]);
}

main().catch(exitOnStartupError('checkin'));
