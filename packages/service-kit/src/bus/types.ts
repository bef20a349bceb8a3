import type { Connection } from 'mongoose';
import type { EventName, EventPayload } from '@lakorn/contracts';
import type { Logger } from '../logger';
import type { ServiceMetrics } from '../metrics/metrics';

// The RabbitMQ bus of ARCHITECTURE §4. Implemented in ./bus.ts, ./outbox.ts and ./inbox.ts.

export interface BusOptions {
  /** amqp://user:pass@host:port (AMQP_URL). */
  url: string;
  /** Exchange `<namespace>.events`; every queue is `<namespace>.<service>.<queue>` (BUS_NAMESPACE). */
  namespace: string;
  /** The owning service's name: wallet, chat, ... */
  service: string;
  logger: Logger;
  /** Unacked deliveries per consumer (default 16). */
  prefetch?: number;
  /** Delay before a failed delivery is tried again (retry queue TTL, default 1000 ms). */
  retryDelayMs?: number;
  /** Deliveries before a message goes to the dead-letter queue (default 5). */
  maxAttempts?: number;
  /** Test stacks: queues disappear after this long unused (x-expires), so brokers do not fill up. */
  queueExpiresMs?: number;
  /** Counts consumer failures and dead letters, times request/reply round trips. */
  metrics?: ServiceMetrics;
}

export interface IncomingEvent<N extends EventName = EventName> {
  name: N;
  payload: EventPayload<N>;
  /** The AMQP messageId: the business opId (consumers dedupe on it). */
  messageId: string;
  /** 1 on first delivery, counted through the retry queue. */
  attempt: number;
}

export interface ConsumeOptions<N extends EventName> {
  /** Short queue name within the service, e.g. 'identity-events' → `<ns>.wallet.identity-events`. */
  queue: string;
  /** Routing keys bound to the queue. */
  events: readonly N[];
  /**
   * Called per delivery, acked after it resolves (so after the database write). A throw sends the
   * message to the retry queue; after maxAttempts it is dead-lettered. A payload that fails its
   * contract schema is dead-lettered at once.
   */
  handler: (event: IncomingEvent<N>) => Promise<void>;
}

/** A reply handler's answer and the request's payload (request/reply over direct reply-to). */
export type RequestHandler<N extends EventName, R> = (payload: EventPayload<N>, meta: { messageId: string }) => Promise<R>;

export class BusTimeoutError extends Error {
  constructor(name: string, timeoutMs: number) {
    super(`No reply to ${name} within ${timeoutMs} ms`);
    this.name = 'BusTimeoutError';
  }
}

export class BusUnavailableError extends Error {
  constructor(message = 'Message broker unavailable') {
    super(message);
    this.name = 'BusUnavailableError';
  }
}

export interface Bus {
  /** Resolves once connected and the topology is declared (first connection). */
  ready(): Promise<void>;
  isConnected(): boolean;
  /**
   * Validates the payload with its contract schema, publishes it persistent on the confirm
   * channel with `messageId`, and resolves once the broker confirms. Rejects when the broker
   * is unreachable (callers that must not lose the event use the outbox). The message carries the
   * request id (`x-request-id` header): `requestId`, else the current request's (requestScope).
   */
  publish<N extends EventName>(name: N, payload: EventPayload<N>, options: { messageId: string; requestId?: string }): Promise<void>;
  /** Declares the durable queue (+ retry and dead-letter queues), binds it, and starts consuming. */
  consume<N extends EventName>(options: ConsumeOptions<N>): Promise<void>;
  /**
   * Request/reply: publishes with replyTo = amq.rabbitmq.reply-to and a correlationId and waits
   * for the answer. Rejects with BusTimeoutError after timeoutMs, BusUnavailableError when down.
   */
  request<R>(name: EventName, payload: unknown, options: { messageId: string; timeoutMs: number }): Promise<R>;
  /** Serves requests sent with `request` on the durable queue `<ns>.<service>.<name>`. */
  respond<N extends EventName, R>(name: N, handler: RequestHandler<N, R>): Promise<void>;
  close(): Promise<void>;
}

/** An event waiting in the outbox until the relay publishes it with a confirm. */
export interface OutboxEvent<N extends EventName = EventName> {
  name: N;
  payload: EventPayload<N>;
  messageId: string;
}

export interface Outbox {
  /**
   * Writes the event into the service's `outbox` collection (`_id` = messageId, so writing the
   * same event twice is harmless) and nudges the relay.
   */
  enqueue<N extends EventName>(event: OutboxEvent<N>): Promise<void>;
  /**
   * Announces a document just inserted into an embedded collection (it carries its own event):
   * the relay reads it back by `_id` and publishes it. Without this call the event still goes
   * out, but only at the next full scan (start, then every embeddedScanIntervalMs).
   */
  track(collection: string, id: unknown): Promise<void>;
  /** Publishes every pending event once (the relay's loop body; tests call it directly). */
  flush(): Promise<number>;
  /** Starts the relay loop (interval plus a nudge after each enqueue). */
  start(): void;
  stop(): Promise<void>;
}

export interface OutboxOptions {
  connection: Connection;
  bus: Bus;
  logger: Logger;
  /** Observes each event's relay delay and reports the oldest waiting event's age at scrape time. */
  metrics?: ServiceMetrics;
  intervalMs?: number;
  /**
   * Collections whose documents carry their own event, written by the same insert as the state
   * change (ARCHITECTURE §4), e.g. `wallet_entries` or `checkins`. Such a document has
   * `outboxPending: true` and `outbox: {name, payload, messageId}`; after inserting it the writer
   * calls `track(collection, _id)`, and the relay publishes it and sets `outboxPending: false`. Only for documents nothing else updates (FerretDB v1 updates
   * replace the whole document, so a concurrent writer could be overwritten).
   */
  embedded?: string[];
  /** How often the embedded collections are scanned in full as a safety net (default 5 min). */
  embeddedScanIntervalMs?: number;
}

/** Fields a document adds to carry its own event (see OutboxOptions.embedded). */
export interface EmbeddedOutboxFields {
  outboxPending: boolean;
  outbox: OutboxEvent | null;
}
