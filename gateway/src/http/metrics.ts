import type { Request, Response } from 'express';
import { routePattern, UNMATCHED_ROUTE } from '@lakorn/service-kit';
import { SERVICE_ROUTES, isApiPath, isImagePath, isUnder } from '../api/routeTable';

/** The label of the shell's and remotes' files: one series for all of them. */
export const STATIC_ROUTE = 'static';

/**
 * The route label of a gateway request, from a fixed set (bounded cardinality, never an id): the
 * express route where one answered (/readyz, /metrics), else the route table prefix whose service
 * it went to (`/api/messages`), else `static` for the web files, else `unmatched`.
 */
export function gatewayRoute(req: Request, res: Response): string {
  if (req.route) return routePattern(req);
  const path = req.path;
  if (isApiPath(path) || isImagePath(path)) {
    for (const [prefix] of SERVICE_ROUTES) if (isUnder(path, prefix)) return prefix;
    return UNMATCHED_ROUTE;
  }
  return (req.method === 'GET' || req.method === 'HEAD') && res.statusCode < 400 ? STATIC_ROUTE : UNMATCHED_ROUTE;
}
