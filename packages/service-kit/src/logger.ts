import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout; the local runner prints them as readable prefixed lines. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, base: { service } });
}

/** A logger that writes nothing, for tests. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
