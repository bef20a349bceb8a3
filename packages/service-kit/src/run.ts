import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';

/** A listening server and its orderly stop (what SIGTERM and SIGINT run before the process exits). */
export interface StoppableServer {
  server: Server;
  /** Stops taking requests and runs the cleanups in order; later calls share the first one's run. */
  stop(): Promise<void>;
}

/**
 * Listens, logs where, and on SIGTERM/SIGINT stops taking requests and then runs the cleanups
 * in order (outbox relay, bus, database), so in-flight work finishes before connections close.
 * `onStopping` runs first, before anything closes (the runtime's /readyz turns 503 there).
 */
export function listenUntilStopped(
  app: Express,
  address: { port: number; host: string },
  logger: Logger,
  cleanups: Array<() => Promise<unknown>>,
  onStopping: () => void = () => undefined,
): StoppableServer {
  const server = app.listen(address.port, address.host, () => logger.info(address, 'listening'));
  let stopped: Promise<void> | null = null;
  const stop = (signal = 'stop') => {
    stopped ??= (async () => {
      onStopping();
      logger.info({ signal }, 'stopping');
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const cleanup of cleanups) {
        await cleanup().catch((error: unknown) => logger.warn({ err: error }, 'cleanup failed'));
      }
    })();
    return stopped;
  };
  const exitAfterStop = (signal: string) => {
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void stop(signal).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => exitAfterStop('SIGTERM'));
  process.on('SIGINT', () => exitAfterStop('SIGINT'));
  return { server, stop: () => stop() };
}

/** Ends the process with a readable message when start-up fails (bad config, no database). */
export function exitOnStartupError(service: string) {
  return (error: unknown) => {
    console.error(`[${service}] failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  };
}
