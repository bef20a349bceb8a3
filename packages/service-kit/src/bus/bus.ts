import { randomUUID } from 'node:crypto';
import {
  connect,
  type Channel,
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  type Options,
  type RecoveringChannelModel,
} from 'amqplib';
import { z } from 'zod';
import { EVENTS, type EventName, type EventPayload } from '@lakorn/contracts';
import { databaseUnreachable } from '../data/unreachable';
import type { BusRequestOutcome } from '../metrics/metrics';
import { currentRequestId, outsideRequest, withRequestId } from '../requestScope';
import {
  BusTimeoutError,
  BusUnavailableError,
  type Bus,
  type BusOptions,
  type ConsumeOptions,
  type IncomingEvent,
  type RequestHandler,
} from './types';

// The RabbitMQ bus of ARCHITECTURE §4 on amqplib's built-in connection recovery: amqplib reconnects
// with backoff and calls `setup` on every new connection; setup re-declares the topology and
// restarts every consumer and responder registered so far.

/** publish/request wait this long for a lost connection to come back before giving up. */
const CONNECT_WAIT_MS = 3_000;
/** A broker that has our message but never confirms it (e.g. blocked by an alarm) fails the publish. */
const CONFIRM_TIMEOUT_MS = 10_000;
/** close() lets running handlers finish (and ack) for at most this long. */
const CLOSE_GRACE_MS = 5_000;
const REPLY_QUEUE = 'amq.rabbitmq.reply-to';
export const ATTEMPT_HEADER = 'x-attempt';
export const DEAD_REASON_HEADER = 'x-dead-reason';
/**
 * The id of the HTTP request a message was caused by (the gateway's x-request-id), through the
 * outbox, retries and dead letters; a consumer handles the message in that request's scope, so its
 * log lines carry the id and what it publishes carries it on (ARCHITECTURE §4).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Parses an event payload with its contract schema (packages/contracts EVENTS). A payload that does
 * not match is a programming error in the publisher, so it throws a TypeError, never a bus error.
 */
export function parseEventPayload<N extends EventName>(name: N, payload: unknown): EventPayload<N> {
  const schema: z.ZodType | undefined = (EVENTS as Record<string, z.ZodType>)[name];
  if (!schema) throw new TypeError(`Unknown event ${String(name)}`);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new TypeError(`${name} payload does not match its contract: ${z.prettifyError(parsed.error)}`);
  return parsed.data as EventPayload<N>;
}

function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(EVENTS, name);
}

/**
 * Adds `heartbeat=15` unless the URL sets one: a half-open TCP connection (a vanished broker host)
 * is then noticed within ~30 s instead of the broker's suggested 60 s × 2.
 */
function withHeartbeat(url: string): string {
  const u = new URL(url);
  if (u.protocol !== 'amqp:' && u.protocol !== 'amqps:') throw new TypeError(`AMQP URL must start with amqp:// or amqps://`);
  if (!u.searchParams.has('heartbeat')) u.searchParams.set('heartbeat', '15');
  return u.toString();
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // a rejection nobody awaits is not an unhandled rejection
  return { promise, resolve, reject };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Publishes on a confirm channel and resolves when the broker confirms (bounded). */
function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  properties: Options.Publish,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new BusUnavailableError(`No confirm from the message broker within ${CONFIRM_TIMEOUT_MS} ms`));
    }, CONFIRM_TIMEOUT_MS);
    try {
      channel.publish(exchange, routingKey, content, properties, (error: unknown) => {
        clearTimeout(timer);
        if (error) reject(new BusUnavailableError(`Message broker did not accept the message: ${errorMessage(error)}`));
        else resolve();
      });
    } catch (error) {
      // amqplib throws synchronously once the channel is closed.
      clearTimeout(timer);
      reject(new BusUnavailableError(`Message broker unavailable: ${errorMessage(error)}`));
    }
  });
}

/** The connection that setup finished on, and its publishing channel. */
interface Live {
  model: ChannelModel;
  publisher: ConfirmChannel;
}

/** A consumer or responder: restarted on every new connection. */
interface Subscription {
  queue: string;
  events: readonly EventName[];
  /** Runs the business handler; throwing sends the message to the retry queue. */
  deliver: (event: IncomingEvent, message: ConsumeMessage, channel: ConfirmChannel) => Promise<void>;
  starts: WeakMap<ChannelModel, Promise<void>>;
  everStarted: boolean;
  firstStart: Deferred<void>;
}

interface PendingReply {
  model: ChannelModel;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

export function createBus(options: BusOptions): Bus {
  const { namespace, service } = options;
  const log = options.logger.child({ component: 'bus', namespace });
  const prefetch = options.prefetch ?? 16;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const exchange = `${namespace}.events`;
  /**
   * The service's own direct exchange: retry and dead-letter copies travel through it, never
   * through the default exchange, so a service's broker user needs no write permission on
   * `amq.default` (which reaches every queue by name, past the topic permissions; ARCHITECTURE §4).
   */
  const ownExchange = `${namespace}.${service}.direct`;
  const url = withHeartbeat(options.url);
  const { metrics } = options;

  let live: Live | null = null;
  /** The connection whose setup is running (consume() calls during setup start on it too). */
  let settingUp: ChannelModel | null = null;
  const deadModels = new WeakSet<ChannelModel>();
  let closed = false;
  let connectedBefore = false;
  const firstConnection = deferred<void>();
  const liveWaiters = new Set<Deferred<Live>>();
  const subscriptions: Subscription[] = [];
  const pendingReplies = new Map<string, PendingReply>();
  const running = new Set<Promise<void>>();
  const consumers = new Set<{ channel: Channel; consumerTag: string }>();

  function queueOptions(extra: Record<string, unknown> = {}): Options.AssertQueue {
    const args: Record<string, unknown> = { ...extra };
    // Test stacks: queues vanish when unused (BusOptions.queueExpiresMs).
    if (options.queueExpiresMs) args['x-expires'] = options.queueExpiresMs;
    return { durable: true, arguments: args };
  }

  const connection: Promise<RecoveringChannelModel> = connect(url, {
    clientProperties: { connection_name: `${namespace}.${service}` },
    timeout: 10_000,
    // A refused connection costs nothing, so tries stay at most a second apart: a service is
    // back within about a second of the broker's return (ARCHITECTURE §4; bench/README "chaos").
    recovery: { waitForConnect: false, initialDelay: 100, maxDelay: 1_000, maxRetries: Infinity, setup },
  });
  void connection.then((recovering) => {
    recovering.on('disconnect', (error: Error) => {
      if (!closed) log.warn({ err: error.message }, 'connection to message broker lost; reconnecting');
    });
    recovering.on('connect-failed', (error: Error) => {
      log.warn({ err: error.message }, 'connecting to message broker failed');
    });
    recovering.on('reconnect-failed', (error: Error) => log.error({ err: error.message }, 'gave up reconnecting to message broker'));
    recovering.on('error', (error: Error) => log.warn({ err: error.message }, 'message broker connection error'));
    recovering.on('blocked', (reason: string) => log.warn({ reason }, 'message broker blocked publishing'));
    recovering.on('unblocked', () => log.info('message broker unblocked publishing'));
    recovering.on('handler-error', (error: Error, event: string) => log.error({ err: error, event }, 'bus listener threw'));
  });

  /** Called by amqplib after every (re)connection, before it counts as connected. */
  async function setup(model: ChannelModel): Promise<void> {
    if (closed) return;
    settingUp = model;
    // The recovering wrapper reports connection errors; this keeps an error during setup from
    // being an unhandled 'error' event.
    model.on('error', () => undefined);
    model.on('close', () => onModelClosed(model));

    const publisher = await model.createConfirmChannel();
    watchChannel(publisher, model, 'publisher', () => true);
    // Test namespaces: the exchange goes away with the last bound queue (x-expires).
    await publisher.assertExchange(exchange, 'topic', { durable: true, autoDelete: Boolean(options.queueExpiresMs) });
    await publisher.assertExchange(ownExchange, 'direct', { durable: true, autoDelete: Boolean(options.queueExpiresMs) });
    // Direct reply-to: the requests must be published on the channel that consumes the replies.
    await publisher.consume(REPLY_QUEUE, onReply, { noAck: true });

    for (const subscription of [...subscriptions]) await startOn(subscription, model);

    if (closed || deadModels.has(model)) return;
    settingUp = null;
    live = { model, publisher };
    log.info(connectedBefore ? 'connection to message broker restored' : 'connected to message broker');
    connectedBefore = true;
    firstConnection.resolve();
    for (const waiter of liveWaiters) waiter.resolve(live);
    liveWaiters.clear();
  }

  function onModelClosed(model: ChannelModel): void {
    deadModels.add(model);
    if (settingUp === model) settingUp = null;
    if (live?.model === model) live = null;
    // Direct reply-to replies are bound to the channel that published the request: they can no
    // longer arrive.
    for (const [correlationId, pending] of pendingReplies) {
      if (pending.model !== model) continue;
      pendingReplies.delete(correlationId);
      clearTimeout(pending.timer);
      pending.reject(new BusUnavailableError('Connection to the message broker was lost before the reply'));
    }
  }

  /**
   * A channel that closes while its connection stays up (a channel error, a queue deleted under a
   * consumer) would silently stop a consumer; closing the connection makes amqplib's recovery
   * rebuild everything.
   */
  function watchChannel(channel: Channel, model: ChannelModel, label: string, isActive: () => boolean): void {
    channel.on('error', (error: Error) => log.warn({ err: error.message, channel: label }, 'channel error'));
    channel.on('handler-error', (error: Error, event: string) => log.error({ err: error, event }, 'bus listener threw'));
    channel.on('close', () => {
      // When the whole connection closes, its channels close first in the same tick.
      setImmediate(() => {
        if (closed || deadModels.has(model) || !isActive()) return;
        log.error({ channel: label }, 'channel closed unexpectedly; reconnecting');
        model.close().catch(() => undefined);
      });
    });
  }

  function startOn(subscription: Subscription, model: ChannelModel): Promise<void> {
    let started = subscription.starts.get(model);
    if (!started) {
      started = startSubscription(subscription, model).then(
        () => {
          subscription.everStarted = true;
          subscription.firstStart.resolve();
        },
        (error: unknown) => {
          if (!subscription.everStarted && !deadModels.has(model)) {
            // The broker refused the declaration itself (e.g. a queue with other arguments):
            // a configuration error for the caller of consume/respond, not a reason to reconnect.
            const index = subscriptions.indexOf(subscription);
            if (index >= 0) subscriptions.splice(index, 1);
            log.error({ err: errorMessage(error), queue: subscription.queue }, 'message broker refused the queue');
            subscription.firstStart.reject(error);
            return;
          }
          throw error;
        },
      );
      subscription.starts.set(model, started);
    }
    return started;
  }

  async function startSubscription(subscription: Subscription, model: ChannelModel): Promise<void> {
    const channel = await model.createConfirmChannel();
    let active = false;
    watchChannel(channel, model, subscription.queue, () => active);
    await channel.assertQueue(subscription.queue, queueOptions());
    // A failed delivery waits retryDelayMs (its per-message expiration) in the retry queue, then
    // dead-letters back into the main queue through the service's own exchange. (`.wait`, not the
    // earlier `.retry` that dead-lettered through the default exchange: a queue keeps the
    // arguments it was declared with.)
    await channel.assertQueue(`${subscription.queue}.wait`, queueOptions({
      'x-dead-letter-exchange': ownExchange,
      'x-dead-letter-routing-key': subscription.queue,
    }));
    await channel.assertQueue(`${subscription.queue}.dead`, queueOptions());
    for (const to of ['', '.wait', '.dead']) {
      await channel.bindQueue(`${subscription.queue}${to}`, ownExchange, `${subscription.queue}${to}`);
    }
    for (const event of subscription.events) await channel.bindQueue(subscription.queue, exchange, event);
    await channel.prefetch(prefetch);
    const { consumerTag } = await channel.consume(subscription.queue, (message) => {
      if (message === null) {
        // The broker cancelled the consumer (queue deleted): recover through a reconnect.
        if (closed) return;
        log.error({ queue: subscription.queue }, 'consumer cancelled by the message broker; reconnecting');
        model.close().catch(() => undefined);
        return;
      }
      const handling = handleDelivery(subscription, channel, message).catch((error: unknown) => {
        log.error({ err: errorMessage(error), queue: subscription.queue }, 'delivery handling failed');
      });
      running.add(handling);
      void handling.finally(() => running.delete(handling));
    });
    const consumer = { channel, consumerTag };
    consumers.add(consumer);
    channel.on('close', () => consumers.delete(consumer));
    active = true;
  }

  function readAttempt(message: ConsumeMessage): number {
    const raw: unknown = message.properties.headers?.[ATTEMPT_HEADER];
    return typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 ? raw : 1;
  }

  function decode(subscription: Subscription, message: ConsumeMessage, attempt: number): IncomingEvent | string {
    // From the shared exchange the routing key is the event (the broker's topic permissions check
    // it, a `type` property nobody checks could claim another event); copies coming back through
    // the service's own exchange carry it in `type`.
    const { exchange: from, routingKey } = message.fields;
    const name: unknown = from === exchange ? routingKey : (message.properties.type ?? routingKey);
    if (!isEventName(name) || !subscription.events.includes(name)) return `unexpected event type ${String(name)}`;
    const messageId: unknown = message.properties.messageId;
    if (typeof messageId !== 'string' || messageId === '') return 'missing messageId';
    let json: unknown;
    try {
      json = JSON.parse(message.content.toString('utf8'));
    } catch {
      return 'content is not JSON';
    }
    try {
      return { name, payload: parseEventPayload(name, json), messageId, attempt };
    } catch (error) {
      return errorMessage(error);
    }
  }

  function handleDelivery(subscription: Subscription, channel: ConfirmChannel, message: ConsumeMessage): Promise<void> {
    const requestId: unknown = message.properties.headers?.[REQUEST_ID_HEADER];
    const handle = () => handleInScope(subscription, channel, message);
    return typeof requestId === 'string' && requestId !== '' ? withRequestId(requestId, handle) : outsideRequest(handle);
  }

  async function handleInScope(subscription: Subscription, channel: ConfirmChannel, message: ConsumeMessage): Promise<void> {
    const attempt = readAttempt(message);
    const event = decode(subscription, message, attempt);
    if (typeof event === 'string') {
      await moveMessage(subscription, channel, message, 'dead', { [ATTEMPT_HEADER]: attempt, [DEAD_REASON_HEADER]: event });
      return;
    }
    try {
      await subscription.deliver(event, message, channel);
    } catch (error) {
      const reason = errorMessage(error);
      metrics?.consumerFailures.inc({ queue: subscription.queue, event: event.name });
      if (databaseUnreachable(error)) {
        // The message is not at fault, the database is away: it waits as long as the database
        // does, its attempts uncounted. Counting them would dead-letter a refund or a credit during
        // an outage longer than maxAttempts × (retryDelayMs + server selection), and lose coins.
        log.warn({ queue: subscription.queue, event: event.name, messageId: event.messageId, attempt, err: reason }, 'database unreachable; will retry');
        await moveMessage(subscription, channel, message, 'wait', { [ATTEMPT_HEADER]: attempt });
      } else if (attempt >= maxAttempts) {
        await moveMessage(subscription, channel, message, 'dead', {
          [ATTEMPT_HEADER]: attempt,
          [DEAD_REASON_HEADER]: `handler failed ${attempt} times: ${reason}`,
        });
      } else {
        log.warn({ queue: subscription.queue, event: event.name, messageId: event.messageId, attempt, err: reason }, 'handler failed; will retry');
        await moveMessage(subscription, channel, message, 'wait', { [ATTEMPT_HEADER]: attempt + 1 });
      }
      return;
    }
    settle(channel, message, 'ack');
  }

  /**
   * Copies the message to the retry or dead queue (confirmed), then acks the original. If the copy
   * fails the original stays unacked, so the broker delivers it again: at least once, never lost.
   */
  async function moveMessage(
    subscription: Subscription,
    channel: ConfirmChannel,
    message: ConsumeMessage,
    to: 'wait' | 'dead',
    headers: Record<string, string | number>,
  ): Promise<void> {
    const { properties } = message;
    const copy: Options.Publish = {
      persistent: true,
      messageId: properties.messageId,
      // The copy comes back through the service's own exchange (routing key = queue), so the event name
      // must travel in `type` even if the original publisher left it out.
      type: properties.type ?? message.fields.routingKey,
      timestamp: properties.timestamp,
      contentType: properties.contentType,
      appId: properties.appId,
      correlationId: properties.correlationId,
      replyTo: properties.replyTo,
      headers: { ...properties.headers, ...headers },
      ...(to === 'wait' ? { expiration: String(retryDelayMs) } : {}),
    };
    try {
      await publishConfirmed(channel, ownExchange, `${subscription.queue}.${to}`, message.content, copy);
    } catch (error) {
      log.warn({ err: errorMessage(error), queue: subscription.queue, messageId: properties.messageId }, `could not move message to ${to} queue; it will be redelivered`);
      // If the channel is still open the broker refused the copy: pause so the redelivery does
      // not spin. (On a closed channel the broker redelivers after the reconnect anyway.)
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      settle(channel, message, 'requeue');
      return;
    }
    settle(channel, message, 'ack');
    if (to === 'dead') {
      // The type of a message that failed to decode may be anything a publisher wrote: one label for all of those.
      metrics?.deadLetters.inc({ queue: subscription.queue, event: isEventName(copy.type) ? copy.type : 'unknown' });
      log.error(
        { queue: subscription.queue, event: copy.type, messageId: properties.messageId, reason: headers[DEAD_REASON_HEADER] },
        'message dead-lettered',
      );
    }
  }

  function settle(channel: Channel, message: ConsumeMessage, how: 'ack' | 'requeue'): void {
    try {
      if (how === 'ack') channel.ack(message);
      else channel.nack(message, false, true);
    } catch {
      // The channel closed meanwhile: the broker redelivers the unacked message on another one.
    }
  }

  function onReply(message: ConsumeMessage | null): void {
    if (!message) return;
    const correlationId: unknown = message.properties.correlationId;
    const pending = typeof correlationId === 'string' ? pendingReplies.get(correlationId) : undefined;
    if (!pending || typeof correlationId !== 'string') {
      log.debug({ correlationId }, 'reply for no waiting request (timed out before)');
      return;
    }
    pendingReplies.delete(correlationId);
    clearTimeout(pending.timer);
    try {
      pending.resolve(JSON.parse(message.content.toString('utf8')));
    } catch {
      pending.reject(new BusUnavailableError('Reply is not JSON'));
    }
  }

  function waitForLive(timeoutMs: number): Promise<Live> {
    if (closed) return Promise.reject(new BusUnavailableError('Bus is closed'));
    if (live) return Promise.resolve(live);
    const waiter = deferred<Live>();
    liveWaiters.add(waiter);
    const timer = setTimeout(() => {
      liveWaiters.delete(waiter);
      waiter.reject(new BusUnavailableError(`Message broker unavailable (no connection within ${timeoutMs} ms)`));
    }, timeoutMs);
    return waiter.promise.finally(() => clearTimeout(timer));
  }

  function messageProperties(name: EventName, messageId: string, requestId = currentRequestId()): Options.Publish {
    if (typeof messageId !== 'string' || messageId === '') throw new TypeError(`${name}: messageId is required`);
    return {
      persistent: true,
      messageId,
      type: name,
      timestamp: Math.floor(Date.now() / 1000),
      contentType: 'application/json',
      appId: service,
      ...(requestId ? { headers: { [REQUEST_ID_HEADER]: requestId } } : {}),
    };
  }

  /** Request/reply over direct reply-to (Bus.request without its metrics). */
  async function requestReply<R>(name: EventName, payload: unknown, { messageId, timeoutMs }: { messageId: string; timeoutMs: number }): Promise<R> {
    const content = Buffer.from(JSON.stringify(parseEventPayload(name, payload)));
    const properties = messageProperties(name, messageId);
    const startedAt = Date.now();
    const current = await waitForLive(Math.min(CONNECT_WAIT_MS, timeoutMs));
    const correlationId = randomUUID();
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        pendingReplies.delete(correlationId);
        reject(new BusTimeoutError(name, timeoutMs));
      }, Math.max(0, timeoutMs - (Date.now() - startedAt)));
      pendingReplies.set(correlationId, { model: current.model, resolve: (value) => resolve(value as R), reject, timer });
      publishConfirmed(current.publisher, exchange, name, content, {
        ...properties,
        // A request lives only as long as its caller waits (expiration below), and its reply can
        // only reach this connection: written to the broker's disk it would outlive both. The
        // outcome of an unanswered request is settled by the caller (ARCHITECTURE §4: chat
        // refunds through its outbox), so the broker keeps it in memory only.
        persistent: false,
        replyTo: REPLY_QUEUE,
        correlationId,
        // A request nobody took before the caller gave up is dropped rather than served late.
        expiration: String(Math.max(1, Math.ceil(timeoutMs))),
      }).catch((error: unknown) => {
        if (!pendingReplies.delete(correlationId)) return;
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  function register<N extends EventName>(
    queue: string,
    events: readonly N[],
    deliver: Subscription['deliver'],
  ): Promise<void> {
    if (closed) return Promise.reject(new BusUnavailableError('Bus is closed'));
    if (events.length === 0) return Promise.reject(new TypeError(`${queue}: no events to bind`));
    for (const name of events) {
      if (!isEventName(name)) return Promise.reject(new TypeError(`Unknown event ${String(name)}`));
    }
    if (subscriptions.some((s) => s.queue === queue)) return Promise.reject(new TypeError(`${queue} is already consumed`));
    const subscription: Subscription = {
      queue,
      events,
      deliver,
      starts: new WeakMap(),
      everStarted: false,
      firstStart: deferred<void>(),
    };
    subscriptions.push(subscription);
    // Connected (or connecting): start now; otherwise the next setup starts it.
    const model = live?.model ?? settingUp;
    if (model) startOn(subscription, model).catch(() => undefined);
    return subscription.firstStart.promise;
  }

  return {
    ready: () => firstConnection.promise,

    isConnected: () => live !== null && !closed,

    async publish(name, payload, { messageId, requestId }) {
      const content = Buffer.from(JSON.stringify(parseEventPayload(name, payload)));
      const properties = messageProperties(name, messageId, requestId ?? currentRequestId());
      const { publisher } = await waitForLive(CONNECT_WAIT_MS);
      await publishConfirmed(publisher, exchange, name, content, properties);
    },

    consume<N extends EventName>({ queue, events, handler }: ConsumeOptions<N>) {
      return register(`${namespace}.${service}.${queue}`, events, (event) => handler(event as IncomingEvent<N>));
    },

    async request<R>(name: EventName, payload: unknown, options: { messageId: string; timeoutMs: number }): Promise<R> {
      if (!metrics) return requestReply<R>(name, payload, options);
      const started = performance.now();
      let outcome: BusRequestOutcome = 'unavailable';
      try {
        const reply = await requestReply<R>(name, payload, options);
        outcome = 'replied';
        return reply;
      } catch (error) {
        if (error instanceof BusTimeoutError) outcome = 'timeout';
        throw error;
      } finally {
        metrics.busRequests.observe({ event: name, outcome }, (performance.now() - started) / 1000);
      }
    },

    respond<N extends EventName, R>(name: N, handler: RequestHandler<N, R>) {
      return register(`${namespace}.${service}.${name}`, [name], async (event, message, channel) => {
        const result = await handler(event.payload as EventPayload<N>, { messageId: event.messageId });
        const replyTo: unknown = message.properties.replyTo;
        if (typeof replyTo !== 'string' || replyTo === '') {
          log.warn({ event: name, messageId: event.messageId }, 'request without replyTo: handled, nobody to answer');
          return;
        }
        await publishConfirmed(channel, '', replyTo, Buffer.from(JSON.stringify(result ?? null)), {
          correlationId: message.properties.correlationId,
          messageId: event.messageId,
          contentType: 'application/json',
          appId: service,
        });
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      const error = new BusUnavailableError('Bus is closed');
      firstConnection.reject(error);
      for (const waiter of liveWaiters) waiter.reject(error);
      liveWaiters.clear();
      for (const subscription of subscriptions) subscription.firstStart.reject(error);
      for (const [correlationId, pending] of pendingReplies) {
        pendingReplies.delete(correlationId);
        clearTimeout(pending.timer);
        pending.reject(error);
      }
      // Stop new deliveries, let running handlers ack, then close the connection.
      await Promise.all([...consumers].map(({ channel, consumerTag }) => channel.cancel(consumerTag).catch(() => undefined)));
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          grace = setTimeout(resolve, CLOSE_GRACE_MS);
        }),
      ]);
      clearTimeout(grace);
      live = null;
      await (await connection).close();
    },
  };
}
