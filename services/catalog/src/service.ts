import { randomBytes } from 'node:crypto';
import type { Connection, Logger, Outbox } from '@lakorn/service-kit';
import { createChangeLog } from './data/changeLog';
import { createCharacterStore } from './data/characterStore';
import { createCreatorStore } from './data/creatorStore';
import { cachedImageStore, createImageStore } from './data/imageStore';
import { createLikeStore } from './data/likeStore';
import { catalogModels } from './data/models';
import { createCharacterImages } from './domain/characterImages';
import { createCatalog } from './domain/characters';
import { DiscoverIndex } from './domain/discoverIndex';
import { createDiscoverSnapshots } from './domain/discoverSnapshot';
import { createDiscoverSync } from './domain/discoverSync';
import { createSnapshotStore } from './data/snapshotStore';

export interface CatalogServiceOptions {
  connection: Connection;
  logger: Logger;
  outbox: Pick<Outbox, 'enqueue'>;
  /** Bytes of images kept in memory (IMAGE_CACHE_BYTES). */
  imageCacheBytes?: number;
  syncIntervalMs?: number;
  /** How often the discover index is persisted while it changes; 0: never (DISCOVER_SNAPSHOT_INTERVAL_MS). */
  snapshotIntervalMs?: number;
  now?: () => Date;
}

/**
 * The catalog's composition root (README "One service shape"): models → stores → domain over one
 * database; main.ts and the tests both start from it.
 */
export function createCatalogService(options: CatalogServiceOptions) {
  const { logger } = options;
  const models = catalogModels(options.connection);
  const now = options.now ?? (() => new Date());
  const index = new DiscoverIndex(() => now().getTime());
  const sync = createDiscoverSync({
    log: createChangeLog(models),
    index,
    instance: randomBytes(4).toString('hex'),
    logger,
    intervalMs: options.syncIntervalMs,
    now,
  });
  const images = cachedImageStore(createImageStore(models), options.imageCacheBytes ?? 64 * 1024 * 1024);
  const catalog = createCatalog({
    characters: createCharacterStore(models),
    likes: createLikeStore(models),
    creators: createCreatorStore(models),
    images,
    index,
    outbox: options.outbox,
    sync,
    logger,
    now,
  });
  const snapshots = createDiscoverSnapshots({ store: createSnapshotStore(models), index, sync, logger, intervalMs: options.snapshotIntervalMs, now });
  return {
    index,
    sync,
    catalog,
    snapshots,
    images: createCharacterImages({ store: images, catalog }),
    /** Fills the discover index before the first request (from a snapshot, else the database) and starts keeping it in step. */
    openIndex: () => snapshots.open(() => catalog.load()),
    /** Stops the sync and the snapshots (on shutdown). */
    closeIndex: async () => {
      await sync.stop();
      await snapshots.stop();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
