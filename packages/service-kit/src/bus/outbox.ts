import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '../data/mongo';
import { currentRequestId, outsideRequest } from '../requestScope';
import { parseEventPayload } from './bus';
import { BusUnavailableError, type Outbox, type OutboxEvent, type OutboxOptions } from './types';
import type { EventName } from '@lakorn/contracts';

// The transactional outbox of ARCHITECTURE §4. FerretDB v1 has no transactions, so an event is
// written by the same insert as the state change (a document in `outbox`, or the `outbox` field of
// an embedded document) and this relay publishes it with a confirm before marking it published.
//
// FerretDB v1 (SQLite) answers only exact `_id` lookups from an index: any other filter, an `_id`
// range or a sort reads the whole collection. So the relay never scans a large collection on its
// loop: published `outbox` documents are deleted (the collection holds only what is waiting), and
// an embedded document is announced by a small pointer in `outbox` (`track`), read back by `_id`.
// Embedded collections are scanned in full only at start and every `embeddedScanIntervalMs`, to
// catch a document whose pointer was lost to a crash between the two inserts.
//
// Delivery is at least once: a crash between the confirm and the mark, or two instances of a
// service relaying the same collection, publishes an event again; consumers dedupe on messageId.
// Within one relay a flush never overlaps another, so a normal run publishes each event once.
// FerretDB updates are not atomic (read, change, replace), which is safe here only because the
// relay is the sole writer of `pending` and `outboxPending` once a document is inserted.

export const OUTBOX_COLLECTION = 'outbox';
/** `_id`s of published outbox events: enqueueing one again is a no-op (looked up by `_id` only). */
export const PUBLISHED_COLLECTION = 'outbox_published';
const BATCH = 100;

interface OutboxDocument {
  _id: string;
  name?: EventName;
  payload?: unknown;
  /** A pointer to an embedded document carrying its own event (see `track`). */
  embedded?: { collection: string; id: unknown };
  createdAt: Date;
  pending: boolean;
  /** The request that wrote the event: published as its x-request-id (ARCHITECTURE §4). */
  requestId?: string;
  failedAt?: Date;
  error?: string;
}

interface EmbeddedDocument {
  _id: unknown;
  outboxPending: boolean;
  outbox?: { name?: unknown; payload?: unknown; messageId?: unknown } | null;
}

/**
 * Announces a document just inserted into an embedded collection (it carries its own event), so
 * the relay reads it back by `_id` on its next pass instead of scanning the collection. A data
 * store calls this right after its insert; `Outbox.track` does the same and also nudges the relay.
 */
export async function announceEmbedded(connection: Connection, collection: string, id: unknown): Promise<void> {
  const requestId = currentRequestId();
  try {
    await connection.collection<OutboxDocument>(OUTBOX_COLLECTION).insertOne({
      _id: `@${collection}:${String(id)}`,
      embedded: { collection, id },
      createdAt: new Date(),
      pending: true,
      ...(requestId ? { requestId } : {}),
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/**
 * Writes an event into the service's `outbox` collection (`_id` = messageId, so writing the same
 * event twice is harmless); the relay publishes it on its next pass. `Outbox.enqueue` does the
 * same and nudges the relay; code that holds only the connection (the admin audit) calls this.
 */
export async function writeOutboxEvent<N extends EventName>(connection: Connection, event: OutboxEvent<N>): Promise<void> {
  // Refuse a bad payload here, where the caller can see it, not later in the relay.
  const payload = parseEventPayload(event.name, event.payload);
  if (typeof event.messageId !== 'string' || event.messageId === '') throw new TypeError(`${event.name}: messageId is required`);
  // The same event written twice (a retried request): the first one stands, published or not.
  if (await connection.collection(PUBLISHED_COLLECTION).findOne({ _id: event.messageId } as never)) return;
  const requestId = currentRequestId();
  try {
    await connection.collection<OutboxDocument>(OUTBOX_COLLECTION).insertOne({
      _id: event.messageId,
      name: event.name,
      payload,
      createdAt: new Date(),
      pending: true,
      ...(requestId ? { requestId } : {}),
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/** What one pending event came to: published, unpublishable (with why), or the broker is down. */
type Outcome = 'published' | 'unavailable' | { invalid: string };

export function createOutbox(options: OutboxOptions): Outbox {
  const { connection, bus, metrics } = options;
  const log = options.logger.child({ component: 'outbox' });
  const intervalMs = options.intervalMs ?? 500;
  const embedded = options.embedded ?? [];
  const embeddedScanIntervalMs = options.embeddedScanIntervalMs ?? 5 * 60_000;
  const outbox = connection.collection<OutboxDocument>(OUTBOX_COLLECTION);
  const publishedIds = connection.collection<{ _id: string; publishedAt: Date }>(PUBLISHED_COLLECTION);
  let lastEmbeddedScan = 0;

  let indexes: Promise<void> | null = null;
  let inFlight: Promise<number> | null = null;
  let followUp: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  /** Indexes for the relay's scans; a failure only makes scans slower, so it is logged, not thrown. */
  function ensureIndexes(): Promise<void> {
    indexes ??= (async () => {
      try {
        await outbox.createIndex({ pending: 1, createdAt: 1 });
        for (const name of embedded) await connection.collection(name).createIndex({ outboxPending: 1 });
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not create outbox indexes');
      }
    })();
    return indexes;
  }

  /** `source` is the outbox document that announced the event, when there is one (not on a full scan). */
  async function publishOne(name: unknown, payload: unknown, messageId: unknown, where: string, source?: OutboxDocument): Promise<Outcome> {
    try {
      if (typeof name !== 'string' || typeof messageId !== 'string' || messageId === '') {
        throw new TypeError('outbox entry lacks a name or messageId');
      }
      await bus.publish(name as EventName, parseEventPayload(name as EventName, payload), { messageId, requestId: source?.requestId });
      if (source && metrics) metrics.outboxRelayDelay.observe(Math.max(0, Date.now() - source.createdAt.getTime()) / 1000);
      return 'published';
    } catch (error) {
      if (error instanceof BusUnavailableError) return 'unavailable';
      // Publishing it can never succeed; it must not block every event behind it.
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ where, messageId, event: name, err: reason }, 'outbox event cannot be published; set aside');
      return { invalid: reason };
    }
  }

  /** Publishes one embedded document's event, read by `_id`, and clears its flag. */
  async function publishEmbedded(name: string, doc: EmbeddedDocument | null, pointer?: OutboxDocument): Promise<Outcome | 'nothing'> {
    if (!doc || !doc.outboxPending) return 'nothing';
    const event = doc.outbox ?? {};
    const outcome = await publishOne(event.name, event.payload, event.messageId, name, pointer);
    // An unpublishable embedded event is logged (publishOne) and not retried forever.
    if (outcome !== 'unavailable') {
      await connection.collection<EmbeddedDocument>(name).updateOne({ _id: doc._id } as never, { $set: { outboxPending: false } });
    }
    return outcome;
  }

  /**
   * Publishes what waits in `outbox`, oldest first, until done or the broker fails: events, and
   * pointers to embedded documents. Published documents are deleted; unpublishable ones are set
   * aside (pending false, with why) so they cannot block the rest.
   */
  async function relayOutbox(): Promise<{ published: number; brokerDown: boolean }> {
    let published = 0;
    for (;;) {
      const batch = await outbox.find({ pending: true }).sort({ createdAt: 1, _id: 1 }).limit(BATCH).toArray();
      for (const doc of batch) {
        const outcome = doc.embedded
          ? await publishEmbedded(
              doc.embedded.collection,
              await connection.collection<EmbeddedDocument>(doc.embedded.collection).findOne({ _id: doc.embedded.id } as never),
              doc,
            )
          : await publishOne(doc.name, doc.payload, doc._id, OUTBOX_COLLECTION, doc);
        if (outcome === 'unavailable') return { published, brokerDown: true };
        if (outcome === 'published' || outcome === 'nothing') {
          if (!doc.embedded) {
            await publishedIds.insertOne({ _id: doc._id, publishedAt: new Date() }).catch((error: unknown) => {
              if (!isDuplicateKeyError(error)) throw error;
            });
          }
          await outbox.deleteOne({ _id: doc._id });
          if (outcome === 'published') published += 1;
        } else {
          await outbox.updateOne({ _id: doc._id }, { $set: { pending: false, failedAt: new Date(), error: outcome.invalid } });
        }
      }
      if (batch.length < BATCH) return { published, brokerDown: false };
    }
  }

  /** The safety net: a full scan of an embedded collection (at start, then now and then). */
  async function scanEmbedded(name: string): Promise<{ published: number; brokerDown: boolean }> {
    const collection = connection.collection<EmbeddedDocument>(name);
    let published = 0;
    for (;;) {
      const batch = await collection.find({ outboxPending: true }).limit(BATCH).toArray();
      for (const doc of batch) {
        const outcome = await publishEmbedded(name, doc);
        if (outcome === 'unavailable') return { published, brokerDown: true };
        if (outcome === 'published') published += 1;
      }
      if (batch.length < BATCH) return { published, brokerDown: false };
    }
  }

  async function flushOnce(): Promise<number> {
    await ensureIndexes();
    const own = await relayOutbox();
    let published = own.published;
    let brokerDown = own.brokerDown;
    if (!brokerDown && embedded.length > 0 && Date.now() - lastEmbeddedScan >= embeddedScanIntervalMs) {
      for (const name of embedded) {
        if (brokerDown) break;
        const result = await scanEmbedded(name);
        published += result.published;
        brokerDown = result.brokerDown;
      }
      if (!brokerDown) lastEmbeddedScan = Date.now();
    }
    if (brokerDown) log.warn({ published }, 'message broker unavailable; events wait in the outbox');
    else if (published > 0) log.debug({ published }, 'outbox relayed events');
    return published;
  }

  /**
   * Never runs two flushes at once: a call during a flush gets one follow-up flush, shared by every
   * call that arrives meanwhile (each enqueue's nudge is covered by it).
   */
  function flush(): Promise<number> {
    if (!inFlight) {
      inFlight = flushOnce().finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    followUp ??= inFlight
      .catch(() => 0)
      .then(() => {
        followUp = null;
        return flush();
      });
    return followUp;
  }

  function relay(): void {
    // Nudged by an enqueue inside a request: the relay publishes every waiting event, each with
    // the id stored with it, so it runs outside that request.
    outsideRequest(flush).catch((error: unknown) => {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'outbox relay failed; will retry');
    });
  }

  // Outbox lag at scrape time: the oldest event still waiting (embedded events are announced by a
  // pointer here, so they count too). The relay's own query, one document.
  metrics?.watchOutboxLag(async () => {
    const [oldest] = await outbox.find({ pending: true }).sort({ createdAt: 1, _id: 1 }).limit(1).toArray();
    return oldest?.createdAt ?? null;
  });

  return {
    async enqueue<N extends EventName>(event: OutboxEvent<N>): Promise<void> {
      await writeOutboxEvent(connection, event);
      if (timer) relay();
    },

    async track(collection: string, id: unknown): Promise<void> {
      if (!embedded.includes(collection)) throw new TypeError(`${collection} is not an embedded outbox collection of this relay`);
      await announceEmbedded(connection, collection, id);
      if (timer) relay();
    },

    flush,

    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (!inFlight) relay();
      }, intervalMs);
      relay();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([inFlight, followUp]);
    },
  };
}
