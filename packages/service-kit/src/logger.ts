import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs on stdout; the local runner prints them as readable prefixed lines. Written
 * asynchronously: lines logged while a write is under way go out together in the next one, so a
 * busy process makes one write per batch instead of one per line (every request logs a line at
 * the gateway, bench/gateway). pino flushes what is left synchronously when the process exits.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, base: { service } }, pino.destination({ dest: 1, sync: false }));
}

/** A logger that writes nothing, for tests. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
