import type { Server } from 'node:http';
import type { Express } from 'express';
import type { BaseConfig } from './config';
import { connectMongo, pingMongo, type Connection } from './data/mongo';
import { createBus, createOutbox, type Bus, type Outbox } from './bus';
import type { ReadinessCheck } from './http/createApp';
import { createLogger, type Logger } from './logger';
import { listenUntilStopped } from './run';

/** What every service's main.ts opens: its log, its own database, the bus and the outbox. */
export interface ServiceRuntime {
  logger: Logger;
  connection: Connection;
  bus: Bus;
  outbox: Outbox;
  /** /readyz: the database answers a ping and the broker is connected. */
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
}

export async function openServiceRuntime(
  service: string,
  config: BaseConfig & { PORT: number },
  options: { embedded?: string[] } = {},
): Promise<ServiceRuntime> {
  const logger = createLogger(service, config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGODB_URL, `${config.MONGODB_DB_PREFIX}${service}`);
  const bus = createBus({ url: config.AMQP_URL, namespace: config.BUS_NAMESPACE, service, logger });
  const outbox = createOutbox({ connection, bus, logger, embedded: options.embedded });
  const timers: NodeJS.Timeout[] = [];
  return {
    logger,
    connection,
    bus,
    outbox,
    readiness: [
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
      return listenUntilStopped(app, { port: config.PORT, host: config.HOST }, logger, [
        ...stopFirst,
        async () => timers.forEach((t) => clearInterval(t)),
        () => outbox.stop(),
        () => bus.close(),
        () => connection.close(),
      ]);
    },
  };
}
