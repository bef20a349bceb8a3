import type { RequestHandler } from 'express';
import { sessionEnded, sessionMiddleware, unauthorized } from '@lakorn/service-kit';
import { isOpenApiRoute } from './routeTable';

/**
 * Verifies the session token (cookie `lakorn_session`, else `Authorization: Bearer`) with the
 * service-kit middleware the services use and sets `req.actor`. The token is left in place, so the
 * service behind verifies it again (ARCHITECTURE §5).
 */
export function verifySession(publicKeyPem: string): RequestHandler {
  return sessionMiddleware(publicKeyPem);
}

/** Every /api request needs a valid session except the open routes of the route table. */
export const requireSession: RequestHandler = (req, _res, next) => {
  if (req.actor || isOpenApiRoute(req.method, req.path)) {
    next();
    return;
  }
  // A session that ended (logout elsewhere, deletion, a role taken away) reads "sign in again".
  next(req.sessionEnded ? sessionEnded() : unauthorized('Not signed in'));
};
