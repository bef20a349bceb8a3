import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './requestScope';

export type { Logger };

/**
 * JSON logs on stdout; the local runner prints them as readable prefixed lines. Written
 * asynchronously: lines logged while a write is under way go out together in the next one, so a
 * busy process makes one write per batch instead of one per line (every request logs a line at
 * the gateway, bench/gateway). pino flushes what is left synchronously when the process exits.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino({ name: service, level, base: { service }, mixin: requestIdMixin }, destination);
}

/**
 * Every line logged while a request or a delivery is handled carries its `reqId` (the gateway's
 * x-request-id), whichever logger or child logger wrote it: see requestScope.
 */
export function requestIdMixin(): { reqId?: string } {
  const reqId = currentRequestId();
  // A fresh object each time: pino merges the line's own fields into it.
  return reqId === undefined ? {} : { reqId };
}

/** A logger that writes nothing, for tests. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
