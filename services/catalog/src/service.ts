import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { Logger, Outbox } from '@lakorn/service-kit';
import { changeLog } from './data/changeLog';
import { characterStore } from './data/characterStore';
import { creatorStore } from './data/creatorStore';
import { cachedImageStore, imageStore } from './data/imageStore';
import { likeStore } from './data/likeStore';
import { createCharacterImages } from './domain/characterImages';
import { createCatalog } from './domain/characters';
import { DiscoverIndex } from './domain/discoverIndex';
import { createDiscoverSync } from './domain/discoverSync';

export interface CatalogServiceOptions {
  connection: Connection;
  logger: Logger;
  outbox: Pick<Outbox, 'enqueue'>;
  /** Bytes of images kept in memory (IMAGE_CACHE_BYTES). */
  imageCacheBytes?: number;
  syncIntervalMs?: number;
  now?: () => Date;
}

/** The catalog's parts wired together over one database: what main.ts and the tests start from. */
export function createCatalogService(options: CatalogServiceOptions) {
  const { connection, logger } = options;
  const index = new DiscoverIndex();
  const sync = createDiscoverSync({
    log: changeLog(connection),
    index,
    instance: randomBytes(4).toString('hex'),
    logger,
    intervalMs: options.syncIntervalMs,
    now: options.now,
  });
  const images = cachedImageStore(imageStore(connection), options.imageCacheBytes ?? 64 * 1024 * 1024);
  const catalog = createCatalog({
    characters: characterStore(connection),
    likes: likeStore(connection),
    creators: creatorStore(connection),
    images,
    index,
    outbox: options.outbox,
    sync,
    logger,
    now: options.now,
  });
  return { index, sync, catalog, images: createCharacterImages({ store: images, catalog }) };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
