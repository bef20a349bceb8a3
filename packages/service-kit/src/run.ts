import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';

/**
 * Listens, logs where, and on SIGTERM/SIGINT stops taking requests and then runs the cleanups
 * in order (outbox relay, bus, database), so in-flight work finishes before connections close.
 */
export function listenUntilStopped(
  app: Express,
  address: { port: number; host: string },
  logger: Logger,
  cleanups: Array<() => Promise<unknown>>,
): Server {
  const server = app.listen(address.port, address.host, () => logger.info(address, 'listening'));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const cleanup of cleanups) {
      await cleanup().catch((error: unknown) => logger.warn({ err: error }, 'cleanup failed'));
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return server;
}

/** Ends the process with a readable message when start-up fails (bad config, no database). */
export function exitOnStartupError(service: string) {
  return (error: unknown) => {
    console.error(`[${service}] failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  };
}
