import type { RequestHandler } from 'express';

/**
 * GET (and HEAD) of a few exact paths (the probes, /metrics) answered from one middleware that looks
 * the path up. Under express 5 every route is one more path match for every request that passes
 * it; three such routes in front of the API were ~1/3 of a service's request pipeline CPU
 * (bench/README.md "gateway"). Each path's handlers run in order, as a route's would.
 */
export function exactGets(routes: Record<string, RequestHandler | RequestHandler[]>): RequestHandler {
  const byPath = new Map(Object.entries(routes).map(([path, handlers]) => [path, Array.isArray(handlers) ? handlers : [handlers]] as const));
  return (req, res, next) => {
    const handlers = req.method === 'GET' || req.method === 'HEAD' ? byPath.get(req.path) : undefined;
    if (!handlers) {
      next();
      return;
    }
    let at = 0;
    const step = (error?: unknown): void => {
      const handler = handlers[at++];
      if (error !== undefined || !handler) {
        next(error);
        return;
      }
      try {
        Promise.resolve(handler(req, res, step)).catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
