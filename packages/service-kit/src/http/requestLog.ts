import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger';
import { observeRequest, type ServiceMetrics } from '../metrics/metrics';
import { withRequestId } from '../requestScope';

/** The level a finished request is logged at, or null for none. */
export type RequestLogLevel = 'warn' | 'info' | 'debug' | null;

const WELL_FORMED_ID = /^[\w.-]{1,100}$/;

export interface RequestContextOptions {
  /** Observes every finished request (route pattern, method, status, duration). */
  metrics?: ServiceMetrics;
  /**
   * Runs the request in its request scope, so every log line and every message it publishes
   * carries its id (services; the gateway publishes nothing and logs its lines with the id).
   */
  scoped?: boolean;
  /**
   * The route label of a finished request, from a small fixed set (default: the express route
   * pattern, else `unmatched`). The gateway's answers come from its route table, not express routes.
   */
  routeOf?: (req: Request, res: Response) => string;
}

/**
 * Gives every request an id (kept from `x-request-id` when well formed, so the gateway's id follows
 * a call into the service) that is echoed to the client, and logs one line when the request ends,
 * at the level `levelOf` picks. The line is built only when that level is enabled: one JSON write
 * per request is the whole logging cost, measured in bench/gateway.
 */
export function requestContext(
  logger: Logger,
  levelOf: (req: Request, status: number) => RequestLogLevel,
  options: RequestContextOptions = {},
): RequestHandler {
  const { metrics, scoped = false, routeOf } = options;
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);

    const started = performance.now();
    res.once('close', () => {
      if (metrics) observeRequest(metrics, req, res, (performance.now() - started) / 1000, routeOf);
      const level = levelOf(req, res.statusCode);
      if (level === null || !logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          ...(req.actor ? { userId: req.actor.id } : {}),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    if (scoped) withRequestId(id, next);
    else next();
  };
}
