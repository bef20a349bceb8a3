import { randomBytes } from 'node:crypto';
import { QUOTAS } from '@lakorn/contracts';
import { collectionOf, quotaSlots, type Connection, type Logger, type Outbox, type ServiceMetrics } from '@lakorn/service-kit';
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
import { createModerationStore } from './data/moderationStore';
import { createModeration } from './domain/moderation';
import { createStatsStore } from './data/statsStore';
import { createCharacterStats, withStats } from './domain/characterStats';
import { CharacterNotFound, NotCharacterOwner } from './domain/errors';
import { createActivityStore } from './data/activityStore';
import { createPopularActivity } from './domain/activity';
import { createStarterCastStore } from './data/starterCastStore';
import type { StarterCastMember } from './domain/starterCast/cast';
import { createStarterCastSeeder, type StarterCastOutcome } from './domain/starterCast/seed';
import type { PngReadWork } from './domain/pngText';

export interface CatalogServiceOptions {
  connection: Connection;
  logger: Logger;
  outbox: Pick<Outbox, 'enqueue'>;
  /** Bytes of images kept in memory (IMAGE_CACHE_BYTES). */
  imageCacheBytes?: number;
  syncIntervalMs?: number;
  /** How often the discover index is persisted while it changes; 0: never (DISCOVER_SNAPSHOT_INTERVAL_MS). */
  snapshotIntervalMs?: number;
  /** How often uploads no character shows are looked for (removed once a day old); 0: never. */
  uploadSweepIntervalMs?: number;
  /**
   * Whether openIndex seeds the starter cast (SEED_STARTER_CAST; off unless asked, so a test's
   * catalog holds only what it made), and the cast to seed (tests pass an edited one).
   */
  starterCast?: { seed: boolean; cast?: readonly StarterCastMember[] };
  /** The members' allowances (contracts QUOTAS); tests pass small ones. */
  quotas?: { charactersTotal?: number; uploadBytesPerDay?: number };
  /** Where the card import's reading work is counted (the runtime's metrics); unset: not counted. */
  metrics?: ServiceMetrics;
  now?: () => Date;
}

/**
 * README "Cards": the work of every PNG card read, as counters (lakorn_catalog_png_*_total): chunks
 * walked, texts inflated and bytes inflated, so the fixed budget can be watched, and tested.
 */
function pngReadCounters(metrics: ServiceMetrics | undefined): ((work: PngReadWork) => void) | undefined {
  if (!metrics) return undefined;
  const chunks = metrics.counter('lakorn_catalog_png_chunks_walked_total', 'PNG chunks walked reading character cards', []);
  const texts = metrics.counter('lakorn_catalog_png_texts_inflated_total', 'PNG text chunks inflated reading character cards', []);
  const bytes = metrics.counter('lakorn_catalog_png_bytes_inflated_total', 'Bytes inflated from PNG text chunks reading character cards', []);
  return (work) => {
    chunks.inc(work.chunksWalked);
    texts.inc(work.textsInflated);
    bytes.inc(work.bytesInflated);
  };
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
  const quotas = quotaSlots(collectionOf(models.quotaSlots), now);
  const limits = { ...QUOTAS, ...options.quotas };
  const images = cachedImageStore(createImageStore(models), options.imageCacheBytes ?? 64 * 1024 * 1024);
  const characterStore = createCharacterStore(models);
  // Creator stats (README "Creator stats"): the owner and admins read them; likes are counted as given.
  const stats = createCharacterStats({
    store: createStatsStore(options.connection),
    ownerOf: async (id) => (await characterStore.get(id))?.userId ?? null,
    assertVisible: async (actor, id) => void (await catalog.get(actor, id)),
    likeCount: (id) => index.likeCount(id),
    notOwner: () => new NotCharacterOwner(),
    notFound: () => new CharacterNotFound(),
    now,
  });
  const catalog = withStats(stats, createCatalog({
    characters: characterStore,
    likes: createLikeStore(models),
    creators: createCreatorStore(models),
    images,
    index,
    outbox: options.outbox,
    sync,
    quotas,
    charactersTotal: limits.charactersTotal,
    logger,
    now,
  }), now);
  // Reports, admins' moderation and its audit log (README "Moderation and the age gate").
  const moderation = createModeration({ catalog, store: createModerationStore(options.connection), index, logger, now });
  const characterImages = createCharacterImages({
    store: images,
    catalog,
    quotas,
    uploadBytesPerDay: limits.uploadBytesPerDay,
    logger,
    countPngRead: pngReadCounters(options.metrics),
    now,
  });
  const sweepEvery = options.uploadSweepIntervalMs ?? 60 * 60_000;
  let sweeper: NodeJS.Timeout | undefined;
  const snapshots = createDiscoverSnapshots({ store: createSnapshotStore(models), index, sync, logger, intervalMs: options.snapshotIntervalMs, now });
  const activity = createPopularActivity({ store: createActivityStore(models), index, sync, logger, now });
  const starterCast = createStarterCastSeeder({ catalog, images, seeds: createStarterCastStore(models), logger, now, cast: options.starterCast?.cast });
  return {
    index,
    sync,
    catalog,
    moderation,
    stats,
    snapshots,
    images: characterImages,
    /** Who chats with which character (chat.message.sent): discover's popular order. */
    activity,
    /** The starter cast's seeding (openIndex runs it when asked). */
    starterCast,
    /**
     * Fills the discover index before the first request (from a snapshot, else the database) and
     * starts keeping it in step, and the orphaned-upload sweep (it reads the index); then seeds
     * the starter cast when asked, before the first request, so the first member to sign in
     * finds it. A seeding that fails is logged: the catalog serves its members' characters anyway.
     */
    openIndex: async () => {
      const opened: Awaited<ReturnType<typeof snapshots.open>> & { starterCast?: StarterCastOutcome } = await snapshots.open(() => catalog.load());
      // What each member reported stays out of their listings (not in the snapshot: it is small).
      await moderation.load();
      // The popular window's 7 days of activity, read by day (not in the snapshot: it is small).
      await activity.load();
      if (options.starterCast?.seed) {
        opened.starterCast = await starterCast.seed().catch((error: unknown) => {
          logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not seed the starter cast');
          return undefined;
        });
      }
      if (sweepEvery > 0) {
        sweeper = setInterval(() => {
          characterImages.sweepOrphans().catch((error: unknown) => logger.warn({ err: error }, 'orphaned upload sweep failed'));
        }, sweepEvery);
        sweeper.unref();
      }
      return opened;
    },
    /** Stops the sync, the snapshots and the sweep (on shutdown). */
    closeIndex: async () => {
      clearInterval(sweeper);
      await sync.stop();
      await snapshots.stop();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
