import { Router, type RequestHandler } from 'express';
import { localOnly, notFound, personalNoStore } from '@lakorn/service-kit';
import type { RateLimitSettings } from '../config';
import { authLimit, perUserLimit } from '../http/rateLimits';
import { refuseOthersInBody, refuseOthersInPathAndQuery } from './actingAsSelf';
import { readBody } from './bodies';
import { refuseCrossSite } from './sameSite';
import { isApiPath, isImagePath, isLocalOnlyRoute, isUnder, serviceFor, shareChangedBy, type ServiceName } from './routeTable';
import { requireSession, verifySession } from './session';

/**
 * /api/*: the same-site rule for state-changing requests, rate limits, the session, the acting-as-yourself guard and body caps, in that order, then
 * the service that owns the path (route table). Nothing is read from a request the gateway will
 * refuse anyway: the session and path checks run before the body is buffered.
 */
export function apiRoutes(options: {
  sessionPublicKey: string;
  rateLimits: RateLimitSettings;
  allowDevFromNetwork: boolean;
  /** Where users reach the gateway (PUBLIC_URL): its origin may send state-changing requests. */
  publicUrl?: string;
  proxies: Record<ServiceName, RequestHandler>;
  /** A change the route table lists in SHARE_PAGE_CHANGES went through (a character id, or `all`). */
  onShareChange?: (character: string) => void;
}): Router {
  const router = Router();
  const limitAuth = authLimit(options.rateLimits);
  const devStandIns = localOnly(options.allowDevFromNetwork);

  router.use((req, _res, next) => {
    next(isApiPath(req.path) ? undefined : 'router');
  });
  router.use(refuseCrossSite(options.publicUrl));
  router.use((req, res, next) => {
    if (isLocalOnlyRoute(req.method, req.path)) devStandIns(req, res, next);
    else next();
  });
  router.use((req, res, next) => {
    if (isUnder(req.path, '/api/auth')) limitAuth(req, res, next);
    else next();
  });
  router.use(verifySession(options.sessionPublicKey));
  router.use(requireSession);
  router.use(personalNoStore);
  router.use(perUserLimit(options.rateLimits));
  router.use((req, res, next) => {
    const service = serviceFor(req.path);
    if (!service) throw notFound();
    res.locals.service = service;
    next();
  });
  router.use(refuseOthersInPathAndQuery);
  router.use(readBody);
  router.use(refuseOthersInBody);
  router.use((req, res, next) => {
    const changed = options.onShareChange && shareChangedBy(req.method, req.path);
    if (changed) res.once('finish', () => res.statusCode < 400 && options.onShareChange?.(changed));
    options.proxies[res.locals.service as ServiceName](req, res, next);
  });
  return router;
}

/** Character images: public GETs outside /api, served by the catalog (ARCHITECTURE §8b). */
export function imageRoutes(proxies: Record<ServiceName, RequestHandler>): Router {
  const router = Router();
  router.use((req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isImagePath(req.path)) proxies.catalog(req, res, next);
    else next();
  });
  return router;
}
