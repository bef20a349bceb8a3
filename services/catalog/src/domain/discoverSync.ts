import { z } from 'zod';
import type { Logger } from '@lakorn/service-kit';
import type { ChangeLog } from '../data/changeLog';
import { ListingSource, type DiscoverIndex } from './discoverIndex';

// Each catalog instance holds its own discover index (discoverIndex.ts). An instance applies its
// own writes at once and logs them to `discover_changes`; every instance reads the log every few
// seconds and applies what the others wrote. Every change is idempotent (versioned upserts, set
// additions, removals), so reading one twice or out of order does no harm; the read window
// overlaps by a margin for clocks that differ between hosts. A single instance only reads its
// own entries back, which it skips.

export const DiscoverChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('character'), character: ListingSource }),
  z.object({ kind: z.literal('character-removed'), id: z.string() }),
  z.object({ kind: z.literal('like'), characterId: z.string(), userId: z.string() }),
  // A member chatted with a character on a Bangkok day (yyyy-MM-dd): the popular order.
  z.object({ kind: z.literal('activity'), characterId: z.string(), userId: z.string(), day: z.string() }),
  z.object({ kind: z.literal('creator'), userId: z.string(), username: z.string() }),
  z.object({ kind: z.literal('user-removed'), userId: z.string() }),
  /** A member reported a character: no longer listed for them (moderation). */
  z.object({ kind: z.literal('report'), characterId: z.string(), userId: z.string() }),
]);
export type DiscoverChange = z.infer<typeof DiscoverChange>;

/** How long the discover log keeps a change, and how far back each read reaches (clocks, slow inserts). */
export const DISCOVER_LOG_RETENTION_MS = 15 * 60_000;
export const DISCOVER_LOG_MARGIN_MS = 60_000;

export function applyChange(index: DiscoverIndex, change: DiscoverChange): void {
  switch (change.kind) {
    case 'character':
      index.upsert(change.character);
      return;
    case 'character-removed':
      index.remove(change.id);
      return;
    case 'like':
      index.addLike(change.characterId, change.userId);
      return;
    case 'activity':
      index.addActivity(change.characterId, change.userId, change.day);
      return;
    case 'creator':
      index.setCreator(change.userId, change.username);
      return;
    case 'report':
      index.addReport(change.characterId, change.userId);
      return;
    case 'user-removed':
      index.removeLikesOf(change.userId);
      index.removeCreator(change.userId);
      return;
  }
}

export interface DiscoverSync {
  /** Logs a change this instance has applied already, for the others. Never throws. */
  record(change: DiscoverChange): Promise<void>;
  /** Reads and applies the other instances' changes since the last poll (the loop's body). */
  poll(): Promise<number>;
  /** Polls every intervalMs, reading from `since` (when the index load began) onwards. */
  start(since: Date): void;
  stop(): Promise<void>;
  /** Other instances' changes logged before this time are in the index (a snapshot's coveredUntil). */
  caughtUpTo(): Date;
}

export interface DiscoverSyncOptions {
  log: ChangeLog;
  index: DiscoverIndex;
  /** This process's id (random per start). */
  instance: string;
  logger: Logger;
  intervalMs?: number;
  /** Entries older than this are deleted. */
  retentionMs?: number;
  /** How far back each read reaches before the previous one (clock differences, slow inserts). */
  marginMs?: number;
  now?: () => Date;
}

export function createDiscoverSync(options: DiscoverSyncOptions): DiscoverSync {
  const { log, index, instance } = options;
  const logger = options.logger.child({ component: 'discover-sync' });
  const intervalMs = options.intervalMs ?? 2_000;
  const retentionMs = options.retentionMs ?? DISCOVER_LOG_RETENTION_MS;
  const marginMs = options.marginMs ?? DISCOVER_LOG_MARGIN_MS;
  const now = options.now ?? (() => new Date());
  const seen = new Map<string, number>();
  let readFrom = now();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let lastPrune = 0;

  async function poll(): Promise<number> {
    const started = now();
    const entries = await log.since(new Date(readFrom.getTime() - marginMs));
    let applied = 0;
    for (const entry of entries) {
      if (entry.instance === instance || seen.has(entry.id)) continue;
      seen.set(entry.id, entry.at.getTime());
      const change = DiscoverChange.safeParse(entry.change);
      if (!change.success) {
        logger.warn({ id: entry.id }, 'discover change does not match its schema; skipped');
        continue;
      }
      applyChange(index, change.data);
      applied += 1;
    }
    readFrom = started;
    const forget = started.getTime() - 2 * marginMs;
    for (const [id, at] of seen) if (at < forget) seen.delete(id);
    if (started.getTime() - lastPrune > 60_000) {
      lastPrune = started.getTime();
      await log.prune(new Date(started.getTime() - retentionMs));
    }
    return applied;
  }

  return {
    async record(change) {
      try {
        await log.append(instance, change as unknown as Record<string, unknown>, now());
      } catch (error) {
        // The write itself succeeded; other instances see it after their next restart.
        logger.error({ err: error instanceof Error ? error.message : String(error), kind: change.kind }, 'could not log a discover change');
      }
    },
    poll,
    start(since) {
      if (timer) return;
      readFrom = since;
      timer = setInterval(() => {
        if (running) return;
        running = poll()
          .catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'discover sync failed; will retry'))
          .finally(() => {
            running = null;
          });
      }, intervalMs);
    },
    caughtUpTo() {
      return new Date(readFrom.getTime() - marginMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
