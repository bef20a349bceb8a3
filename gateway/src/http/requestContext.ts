import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@lakorn/service-kit';

const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Gives every request an id (kept from `x-request-id` when well formed, as the services do) that
 * is forwarded upstream and echoed to the client, and logs one line per request when it ends.
 * API calls log at info, static files at debug.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);

    const started = process.hrtime.bigint();
    res.on('close', () => {
      if (QUIET_PATHS.has(req.path)) return;
      const entry = {
        reqId: id,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
        ...(req.actor ? { userId: req.actor.id } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) logger.warn(entry, 'request');
      else if (req.originalUrl.startsWith('/api/')) logger.info(entry, 'request');
      else logger.debug(entry, 'request');
    });
    next();
  };
}
