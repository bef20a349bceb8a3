import { ensureIndexes, exitOnStartupError, openServiceRuntime } from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { registerActivityConsumer, registerAuditConsumer, registerConsumers, registerStatsConsumer } from './events/consumers';
import { createCatalogService } from './service';

async function main() {
  const config = loadConfig();
  const { logger, connection, bus, outbox, readiness, metrics, startConsumers, serve } = await openServiceRuntime('catalog', config);
  const service = createCatalogService({
    connection,
    logger,
    outbox,
    imageCacheBytes: config.IMAGE_CACHE_BYTES,
    syncIntervalMs: config.DISCOVER_SYNC_INTERVAL_MS,
    snapshotIntervalMs: config.DISCOVER_SNAPSHOT_INTERVAL_MS,
    starterCast: { seed: config.SEED_STARTER_CAST },
    metrics,
  });
  await ensureIndexes(connection);

  // The discover index is built before the first request (and before consumers change it), so
  // every answer comes from a complete index; /readyz only answers once it is. The starter cast
  // is seeded in the same step (SEED_STARTER_CAST).
  const loadStarted = Date.now();
  const opened = await service.openIndex();
  logger.info({ ...opened, ms: Date.now() - loadStarted }, 'discover index loaded');

  startConsumers(async () => {
    await registerConsumers({ bus, catalog: service.catalog, logger });
    await registerActivityConsumer({ bus, activity: service.activity });
    await registerStatsConsumer({ bus, stats: service.stats });
    await registerAuditConsumer({ bus, moderation: service.moderation });
  });
  const app = createApp({ logger, sessionPublicKey: config.SESSION_PUBLIC_KEY, catalog: service.catalog, images: service.images, stats: service.stats, moderation: service.moderation, readiness, metrics });
  serve(app, [() => service.closeIndex()]);
}

main().catch(exitOnStartupError('catalog'));
