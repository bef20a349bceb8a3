import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Logger } from '@lakorn/service-kit';
import type { SnapshotStore } from '../data/snapshotStore';
import type { DiscoverIndex, SnapshotRecord } from './discoverIndex';
import { DISCOVER_LOG_MARGIN_MS, DISCOVER_LOG_RETENTION_MS, type DiscoverSync } from './discoverSync';

// The discover index persisted (discoverIndex.ts holds it in memory). Building it from the
// characters reads every stored character in full: FerretDB decodes each whole document even for
// a projection of `_id` alone, ~36 s at 100 000 characters on this machine and minutes under load
// (bench/README.md "scale"). A snapshot holds the index's own compact form (cards, order keys,
// folded search texts, likers, creators' names) in a few dozen gzipped blocks read by `_id`, so a
// start reads those and then replays the discover log (discoverSync.ts) from the snapshot's
// `coveredUntil`: every change since is in the log, which keeps 15 minutes.
//
// The database stays the truth: a start without a snapshot young enough for the log to cover it
// (or with a block missing) builds the index from the characters, as before, and writes one.
// Each instance writes a new snapshot every `intervalMs` while its index changes.

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Characters per block: ~1–2 MB of JSON, ~0.5 MB gzipped, well under a document's 16 MB. */
const PER_BLOCK = 2_000;
/** A snapshot is usable while the log still holds every change since its coveredUntil. */
const MAX_AGE_MS = DISCOVER_LOG_RETENTION_MS - 2 * DISCOVER_LOG_MARGIN_MS;

interface Block {
  characters: SnapshotRecord[];
  creators: Array<[string, string]>;
}

export interface IndexStart {
  from: 'snapshot' | 'database';
  characters: number;
}

export interface DiscoverSnapshots {
  /**
   * Fills the index before the first request: from the current snapshot and the log since, or
   * else from the database (`loadFromDatabase`); then starts the sync and the periodic snapshots.
   */
  open(loadFromDatabase: () => Promise<{ characters: number }>): Promise<IndexStart>;
  /** Writes the index as the current snapshot. */
  save(): Promise<void>;
  stop(): Promise<void>;
}

export interface DiscoverSnapshotsOptions {
  store: SnapshotStore;
  index: DiscoverIndex;
  sync: Pick<DiscoverSync, 'start' | 'poll' | 'caughtUpTo'>;
  logger: Logger;
  /** How often a new snapshot is written while the index changes; 0: never (DISCOVER_SNAPSHOT_INTERVAL_MS). */
  intervalMs?: number;
  now?: () => Date;
}

export function createDiscoverSnapshots(options: DiscoverSnapshotsOptions): DiscoverSnapshots {
  const { store, index, sync } = options;
  const logger = options.logger.child({ component: 'discover-snapshot' });
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let saving: Promise<void> | null = null;
  let savedAt = -1;

  /** Restores the current snapshot; its coveredUntil, or null when there is none to use. */
  async function restore(): Promise<{ since: Date; characters: number } | null> {
    const manifest = await store.current();
    if (!manifest || now().getTime() - manifest.coveredUntil.getTime() > MAX_AGE_MS) return null;
    const restored = await index.load(async () => {
      // The next block is read while this one is parsed: FerretDB and this process each keep a core busy.
      const read = (n: number) => {
        const reading = store.block(manifest.snapshot, n);
        reading.catch(() => undefined);
        return reading;
      };
      let next = read(0);
      for (let n = 0; n < manifest.blocks; n++) {
        const bytes = await next;
        if (n + 1 < manifest.blocks) next = read(n + 1);
        if (!bytes) return false;
        const block = JSON.parse((await gunzipAsync(bytes)).toString('utf8')) as Block;
        for (const record of block.characters) index.restore(record);
        for (const [userId, username] of block.creators) index.setCreator(userId, username);
      }
      return true;
    });
    if (restored) return { since: manifest.coveredUntil, characters: manifest.characters };
    logger.warn({ snapshot: manifest.snapshot }, 'discover snapshot incomplete (replaced meanwhile); loading from the database');
    index.clear();
    return null;
  }

  async function write(): Promise<void> {
    // Taken before the first record is read: whatever changes while the blocks are written is
    // logged after it, so a start replays it.
    const coveredUntil = new Date(Math.min(sync.caughtUpTo().getTime(), now().getTime()));
    const version = index.changes;
    const blocks: Buffer[] = [];
    let batch: SnapshotRecord[] = [];
    let characters = 0;
    const flush = async (creators: Array<[string, string]>) => {
      const block: Block = { characters: batch, creators };
      blocks.push(await gzipAsync(JSON.stringify(block), { level: 1 }));
      batch = [];
    };
    for (const record of index.records()) {
      batch.push(record);
      characters += 1;
      if (batch.length === PER_BLOCK) await flush([]);
    }
    await flush(index.creatorNames());
    await store.write(`${now().getTime().toString(36)}-${randomBytes(4).toString('hex')}`, blocks, characters, coveredUntil);
    savedAt = version;
  }

  function save(): Promise<void> {
    saving ??= write().finally(() => {
      saving = null;
    });
    return saving;
  }

  return {
    async open(loadFromDatabase) {
      const started = now();
      const restored = await restore().catch((error: unknown) => {
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'discover snapshot unreadable; loading from the database');
        index.clear();
        return null;
      });
      let result: IndexStart;
      if (restored) {
        sync.start(restored.since);
        await sync.poll();
        result = { from: 'snapshot', characters: restored.characters };
      } else {
        const loaded = await loadFromDatabase();
        sync.start(started);
        result = { from: 'database', characters: loaded.characters };
      }
      if (intervalMs > 0) {
        // A start from the database writes one at once, so the next start is quick.
        if (result.from === 'database') savedAt = -1;
        else savedAt = index.changes;
        const tick = () => {
          if (savedAt === index.changes) return;
          save().catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not write a discover snapshot'));
        };
        timer = setInterval(tick, intervalMs);
        timer.unref();
        if (result.from === 'database') tick();
      }
      return result;
    },
    save,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await saving?.catch(() => undefined);
    },
  };
}
