import type { Server } from 'node:http';
import type { Express } from 'express';
import type { BaseConfig } from './config';
import { connectMongo, pingMongo, type Connection } from './data/mongo';
import { createBus, createOutbox, type Bus, type Outbox } from './bus';
import type { ReadinessCheck } from './http/createApp';
import { createLogger, type Logger } from './logger';
import { createMetrics, type ServiceMetrics } from './metrics/metrics';
import { listenUntilStopped } from './run';
import { createSessionEnds, installSessionEnds, loadSessionEndsFrom, type SessionEnds } from './auth/sessionEnds';

/** What every service's main.ts opens: its log, its own database, the bus and the outbox. */
export interface ServiceRuntime {
  logger: Logger;
  connection: Connection;
  bus: Bus;
  outbox: Outbox;
  /** The process's metrics (served at /metrics): hand it to createHttpApp through the app's deps. */
  metrics: ServiceMetrics;
  /**
   * /readyz: the service is not shutting down, the database answers a ping and the broker is
   * connected. Shutdown turns it 503 before any connection closes, so a balancer stops sending.
   */
  readiness: ReadinessCheck[];
  /**
   * Starts the bus consumers without waiting for the broker: the service answers HTTP (and
   * /readyz says so) while the broker is away, and the bus sets the consumers up when it connects.
   */
  startConsumers(register: () => Promise<void>): void;
  /** Runs `task` every `intervalMs` (sweepers); stopped on shutdown; a failure is logged. */
  every(intervalMs: number, what: string, task: () => Promise<unknown>): void;
  /**
   * Starts the outbox relay and listens. On SIGTERM/SIGINT: stop taking requests, run
   * `stopFirst` (service-specific), then stop the timers, the relay, the bus, the database.
   */
  serve(app: Express, stopFirst?: Array<() => Promise<unknown>>): Server;
  /** The shutdown SIGTERM runs, without ending the process (tests). */
  stop(): Promise<void>;
}

export async function openServiceRuntime(
  service: string,
  config: BaseConfig & { PORT: number },
  options: { embedded?: string[] } = {},
): Promise<ServiceRuntime> {
  const logger = createLogger(service, config.LOG_LEVEL);
  const metrics = createMetrics({ processMetrics: true, accessToken: config.METRICS_TOKEN });
  const connection = await connectMongo(config.MONGODB_URL, `${config.MONGODB_DB_PREFIX}${service}`);
  logDatabaseReachability(connection, logger);
  const bus = createBus({ url: config.AMQP_URL, namespace: config.BUS_NAMESPACE, service, logger, metrics });
  const outbox = createOutbox({ connection, bus, logger, embedded: options.embedded, metrics });
  const sessionEnds = openSessionEnds(config, bus, logger);
  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  let stopServer: (() => Promise<void>) | null = null;
  const cleanups = [
    async () => timers.forEach((t) => clearInterval(t)),
    async () => sessionEnds.stop(),
    () => outbox.stop(),
    () => bus.close(),
    () => connection.close(),
  ];
  return {
    logger,
    connection,
    bus,
    outbox,
    metrics,
    readiness: [
      { name: 'running', check: () => !stopping },
      { name: 'mongodb', check: () => pingMongo(connection) },
      { name: 'rabbitmq', check: () => bus.isConnected() },
    ],
    startConsumers(register) {
      register().catch((error: unknown) => logger.error({ err: error }, 'could not start the bus consumers'));
    },
    every(intervalMs, what, task) {
      timers.push(setInterval(() => task().catch((error: unknown) => logger.warn({ err: error }, `${what} failed`)), intervalMs));
    },
    serve(app, stopFirst = []) {
      outbox.start();
      const listening = listenUntilStopped(app, { port: config.PORT, host: config.HOST }, logger, [...stopFirst, ...cleanups], () => {
        stopping = true;
      });
      stopServer = listening.stop;
      return listening.server;
    },
    async stop() {
      if (stopServer) return stopServer();
      stopping = true;
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    },
  };
}

/**
 * Sessions that end (service-kit README "Sessions"): the process's copy of identity's list,
 * consulted by every sessionMiddleware of the process, applied at once from
 * `identity.sessions.ended` and reloaded every SESSION_ENDS_REFRESH_MS from IDENTITY_URL.
 */
function openSessionEnds(config: BaseConfig, bus: Bus, logger: Logger): SessionEnds {
  const sessionEnds = createSessionEnds({ load: loadSessionEndsFrom(config.IDENTITY_URL, { internalToken: config.INTERNAL_TOKEN }), refreshMs: config.SESSION_ENDS_REFRESH_MS, logger });
  installSessionEnds(sessionEnds);
  sessionEnds.start();
  bus
    .consume({ queue: 'session-ends', events: ['identity.sessions.ended'], handler: async ({ payload }) => sessionEnds.apply(payload) })
    .catch((error: unknown) => logger.error({ err: error }, 'could not consume identity.sessions.ended'));
  return sessionEnds;
}

/**
 * One line when the driver loses the database and one when it has it again (not one per failed
 * heartbeat), so a process's log shows how long each outage lasted for it (bench/README.md "chaos").
 */
function logDatabaseReachability(connection: Connection, logger: Logger): void {
  connection.getClient().on('serverDescriptionChanged', ({ previousDescription, newDescription }) => {
    const was = previousDescription.type !== 'Unknown';
    const is = newDescription.type !== 'Unknown';
    if (was && !is) logger.warn({ err: newDescription.error?.message }, 'database lost; the driver checks it again');
    else if (!was && is) logger.info({ type: newDescription.type }, 'database reachable');
  });
}
