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
import { registerConsumers } from './events/consumers';
import { createCatalogService } from './service';

async function main() {
  const config = loadConfig();
  const logger = createLogger('catalog', config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGODB_URL, `${config.MONGODB_DB_PREFIX}catalog`);
  const bus = createBus({ url: config.AMQP_URL, namespace: config.BUS_NAMESPACE, service: 'catalog', logger });
  const outbox = createOutbox({ connection, bus, logger });
  const service = createCatalogService({
    connection,
    logger,
    outbox,
    imageCacheBytes: config.IMAGE_CACHE_BYTES,
    syncIntervalMs: config.DISCOVER_SYNC_INTERVAL_MS,
  });
  await ensureIndexes(connection);

  // The discover index is built before the first request (and before consumers change it), so
  // every answer comes from a complete index; /readyz only answers once it is.
  const loadStarted = new Date();
  const loaded = await service.catalog.load();
  logger.info({ ...loaded, ms: Date.now() - loadStarted.getTime() }, 'discover index loaded');
  service.sync.start(loadStarted);

  // Not awaited: the service answers HTTP (and /readyz says so) while the broker is away; the bus
  // starts the consumers when it connects.
  registerConsumers({ bus, catalog: service.catalog, logger }).catch((error: unknown) =>
    logger.error({ err: error }, 'could not start the bus consumers'),
  );
  outbox.start();

  const app = createApp({
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    catalog: service.catalog,
    images: service.images,
    readiness: [
      { name: 'mongodb', check: () => pingMongo(connection) },
      { name: 'rabbitmq', check: () => bus.isConnected() },
    ],
  });
  listenUntilStopped(app, config.PORT, logger, [
    () => service.sync.stop(),
    () => outbox.stop(),
    () => bus.close(),
    () => connection.close(),
  ]);
}

main().catch(exitOnStartupError('catalog'));
