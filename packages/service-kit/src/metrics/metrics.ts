import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { forbidden } from '../http/errors';
import { machineOrBearer } from '../auth/internalAccess';

// Prometheus metrics of a service or the gateway (service-kit README "Metrics" names them all).
// One registry per process (per app in tests), handed to the HTTP app, the bus and the outbox.

/** The route label of a request no route answered: a fixed value, never the raw path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds. Up to 60 s: a streamed AI reply is one request (services/chat). */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds. The wallet's debit answers in milliseconds; its deadline is seconds (DEBIT_TIMEOUT_MS). */
const BUS_REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from an outbox write to its publish: a nudged relay is milliseconds; a broker outage, minutes. */
const OUTBOX_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800];

export type BusRequestOutcome = 'replied' | 'timeout' | 'unavailable';

export interface ServiceMetrics {
  readonly registry: Registry;
  /** METRICS_TOKEN: a scraper presenting it may read /metrics from elsewhere (metricsAccess). */
  readonly accessToken?: string;
  /** lakorn_http_request_duration_seconds{method,route,status}: its _count is the requests by route and status. */
  readonly httpRequests: Histogram<'method' | 'route' | 'status'>;
  /** lakorn_bus_request_duration_seconds{event,outcome}: request/reply round trips (chat's wallet.debit). */
  readonly busRequests: Histogram<'event' | 'outcome'>;
  /** lakorn_bus_consumer_failures_total{queue,event}: handler attempts that threw (retried, or dead-lettered at the last). */
  readonly consumerFailures: Counter<'queue' | 'event'>;
  /** lakorn_bus_dead_letters_total{queue,event}: messages moved to a dead-letter queue. */
  readonly deadLetters: Counter<'queue' | 'event'>;
  /** lakorn_outbox_relay_delay_seconds: from an event's outbox write to its confirmed publish. */
  readonly outboxRelayDelay: Histogram;
  /** A counter of the service's own (chat's sends), in this registry. */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L>;
  /** lakorn_outbox_oldest_pending_seconds: read at each scrape from the outbox (createOutbox calls it). */
  watchOutboxLag(oldestPending: () => Promise<Date | null>): void;
}

export function createMetrics(options: { processMetrics?: boolean; accessToken?: string } = {}): ServiceMetrics {
  const registry = new Registry();
  // CPU, memory, event loop delay, GC: read at scrape time, not per request.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    accessToken: options.accessToken || undefined,
    httpRequests: new Histogram({
      name: 'lakorn_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, with their duration',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    busRequests: new Histogram({
      name: 'lakorn_bus_request_duration_seconds',
      help: 'Request/reply round trips over RabbitMQ by event and outcome',
      labelNames: ['event', 'outcome'] as const,
      buckets: BUS_REQUEST_BUCKETS,
      registers,
    }),
    consumerFailures: new Counter({
      name: 'lakorn_bus_consumer_failures_total',
      help: 'Deliveries whose handler threw, by queue and event',
      labelNames: ['queue', 'event'] as const,
      registers,
    }),
    deadLetters: new Counter({
      name: 'lakorn_bus_dead_letters_total',
      help: 'Messages moved to a dead-letter queue, by queue and event',
      labelNames: ['queue', 'event'] as const,
      registers,
    }),
    outboxRelayDelay: new Histogram({
      name: 'lakorn_outbox_relay_delay_seconds',
      help: 'Time from an event written to the outbox to its confirmed publish',
      buckets: OUTBOX_BUCKETS,
      registers,
    }),
    counter: (name, help, labelNames) => new Counter({ name, help, labelNames, registers }),
    watchOutboxLag(oldestPending) {
      new Gauge({
        name: 'lakorn_outbox_oldest_pending_seconds',
        help: 'Age of the oldest outbox event not yet published (0 when none waits)',
        registers,
        async collect() {
          const oldest = await oldestPending().catch(() => null);
          this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
        },
      });
    },
  };
}

/**
 * Observes each finished request in `metrics.httpRequests`. The route label is the express route
 * pattern that answered (`/api/chats/:chatId`), never the URL: ids would make a series per chat.
 */
export function observeRequest(
  metrics: ServiceMetrics,
  req: Request,
  res: Response,
  seconds: number,
  routeOf: (req: Request, res: Response) => string = routePattern,
): void {
  metrics.httpRequests.observe({ method: req.method, route: routeOf(req, res), status: res.statusCode }, seconds);
}

/** The pattern of the express route that took the request, or UNMATCHED_ROUTE. */
export function routePattern(req: Request): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (path === undefined) return UNMATCHED_ROUTE;
  return `${req.baseUrl}${typeof path === 'string' ? path : String(path)}`;
}

/**
 * Who may read /metrics: a scraper on this machine, or anyone presenting `Authorization: Bearer
 * <METRICS_TOKEN>` when a token is set (machineOrBearer). The gateway never forwards a service's
 * /metrics (its route table has no such path), and its own answers the same rule, so the public
 * address serves them to no one else (403).
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  return machineOrBearer(token, () => forbidden('Metrics are served to this machine, or with the metrics token'));
}

/** GET /metrics: the registry in Prometheus' text format. */
export function metricsEndpoint(metrics: ServiceMetrics): RequestHandler {
  return async (_req, res) => {
    const text = await metrics.registry.metrics();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(text);
  };
}
