import type { RequestHandler } from 'express';
import { requestContext as requestLog, type Logger, type ServiceMetrics } from '@lakorn/service-kit';
import { gatewayRoute } from './metrics';

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Gives every request an id (kept from `x-request-id` when well formed, as the services do) that
 * is forwarded upstream and echoed to the client, and logs one line per request when it ends:
 * API calls at info (the one access log of the system; the services log theirs at debug), static
 * files at debug, failures at warn, probes not at all; each is observed in `metrics` under its
 * route table prefix (./metrics.ts).
 */
export function requestContext(logger: Logger, metrics: ServiceMetrics): RequestHandler {
  return requestLog(logger, (req, status) => {
    if (QUIET_PATHS.has(req.path)) return null;
    if (status >= 500) return 'warn';
    return req.originalUrl.startsWith('/api/') ? 'info' : 'debug';
  }, { metrics, routeOf: gatewayRoute });
}
