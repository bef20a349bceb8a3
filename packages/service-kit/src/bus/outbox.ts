import { isDuplicateKeyError } from '../data/mongo';
import { parseEventPayload } from './bus';
import { BusUnavailableError, type Outbox, type OutboxEvent, type OutboxOptions } from './types';
import type { EventName } from '@lakorn/contracts';

// The transactional outbox of ARCHITECTURE §4. FerretDB v1 has no transactions, so an event is
// written by the same insert as the state change (a document in `outbox`, or the `outbox` field of
// an embedded document) and this relay publishes it with a confirm before marking it published.
//
// Delivery is at least once: a crash between the confirm and the mark, or two instances of a
// service relaying the same collection, publishes an event again; consumers dedupe on messageId.
// Within one relay a flush never overlaps another, so a normal run publishes each event once.
// FerretDB updates are not atomic (read, change, replace), which is safe here only because the
// relay is the sole writer of `pending` and `outboxPending` once a document is inserted.

export const OUTBOX_COLLECTION = 'outbox';
const BATCH = 100;

interface OutboxDocument {
  _id: string;
  name: EventName;
  payload: unknown;
  createdAt: Date;
  pending: boolean;
  publishedAt?: Date;
  failedAt?: Date;
  error?: string;
}

interface EmbeddedDocument {
  _id: unknown;
  outboxPending: boolean;
  outbox?: { name?: unknown; payload?: unknown; messageId?: unknown } | null;
}

/** What one pending event came to: published, unpublishable (with why), or the broker is down. */
type Outcome = 'published' | 'unavailable' | { invalid: string };

export function createOutbox(options: OutboxOptions): Outbox {
  const { connection, bus } = options;
  const log = options.logger.child({ component: 'outbox' });
  const intervalMs = options.intervalMs ?? 500;
  const embedded = options.embedded ?? [];
  const outbox = connection.collection<OutboxDocument>(OUTBOX_COLLECTION);

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

  async function publishOne(name: unknown, payload: unknown, messageId: unknown, where: string): Promise<Outcome> {
    try {
      if (typeof name !== 'string' || typeof messageId !== 'string' || messageId === '') {
        throw new TypeError('outbox entry lacks a name or messageId');
      }
      await bus.publish(name as EventName, parseEventPayload(name as EventName, payload), { messageId });
      return 'published';
    } catch (error) {
      if (error instanceof BusUnavailableError) return 'unavailable';
      // Publishing it can never succeed; it must not block every event behind it.
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ where, messageId, event: name, err: reason }, 'outbox event cannot be published; set aside');
      return { invalid: reason };
    }
  }

  /** Publishes the pending `outbox` documents, oldest first, until done or the broker fails. */
  async function relayOutbox(): Promise<{ published: number; brokerDown: boolean }> {
    let published = 0;
    for (;;) {
      const batch = await outbox.find({ pending: true }).sort({ createdAt: 1, _id: 1 }).limit(BATCH).toArray();
      for (const doc of batch) {
        const outcome = await publishOne(doc.name, doc.payload, doc._id, OUTBOX_COLLECTION);
        if (outcome === 'unavailable') return { published, brokerDown: true };
        if (outcome === 'published') {
          await outbox.updateOne({ _id: doc._id }, { $set: { pending: false, publishedAt: new Date() } });
          published += 1;
        } else {
          await outbox.updateOne({ _id: doc._id }, { $set: { pending: false, failedAt: new Date(), error: outcome.invalid } });
        }
      }
      if (batch.length < BATCH) return { published, brokerDown: false };
    }
  }

  /** Publishes documents that carry their own event (OutboxOptions.embedded). */
  async function relayEmbedded(name: string): Promise<{ published: number; brokerDown: boolean }> {
    const collection = connection.collection<EmbeddedDocument>(name);
    let published = 0;
    for (;;) {
      const batch = await collection.find({ outboxPending: true }).sort({ _id: 1 }).limit(BATCH).toArray();
      for (const doc of batch) {
        const event = doc.outbox ?? {};
        const outcome = await publishOne(event.name, event.payload, event.messageId, name);
        if (outcome === 'unavailable') return { published, brokerDown: true };
        // An unpublishable embedded event is logged (publishOne) and not retried forever.
        await collection.updateOne({ _id: doc._id }, { $set: { outboxPending: false } });
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
    for (const name of embedded) {
      if (brokerDown) break;
      const result = await relayEmbedded(name);
      published += result.published;
      brokerDown = result.brokerDown;
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
    flush().catch((error: unknown) => {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'outbox relay failed; will retry');
    });
  }

  return {
    async enqueue<N extends EventName>(event: OutboxEvent<N>): Promise<void> {
      // Refuse a bad payload here, where the caller can see it, not later in the relay.
      const payload = parseEventPayload(event.name, event.payload);
      if (typeof event.messageId !== 'string' || event.messageId === '') throw new TypeError(`${event.name}: messageId is required`);
      try {
        await outbox.insertOne({ _id: event.messageId, name: event.name, payload, createdAt: new Date(), pending: true });
      } catch (error) {
        // The same event written twice (a retried request): the first one stands.
        if (!isDuplicateKeyError(error)) throw error;
      }
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
