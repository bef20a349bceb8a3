import { createPublicKey } from 'node:crypto';
import type { RequestHandler } from 'express';
import { readSessionToken, unauthorized, verifySessionToken } from '@lakorn/service-kit';
import { isOpenApiRoute } from './routeTable';

/** Name → value of a `Cookie` header; the first of a repeated name wins, as in cookie-parser. */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (!name || Object.hasOwn(cookies, name)) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/**
 * Verifies the session token (cookie `lakorn_session`, else `Authorization: Bearer`) with the same
 * service-kit code the services use and sets `req.actor`. The token is left in place, so the
 * service behind verifies it again (ARCHITECTURE §5).
 */
export function verifySession(publicKeyPem: string): RequestHandler {
  // Parsed once: parsing the PEM per request cost more than the signature check itself.
  const publicKey = createPublicKey(publicKeyPem);
  return (req, _res, next) => {
    req.cookies = parseCookieHeader(req.headers.cookie);
    const token = readSessionToken(req);
    const actor = verifySessionToken(token, publicKey);
    if (actor) {
      req.actor = actor;
      req.sessionToken = token;
    }
    next();
  };
}

/** Every /api request needs a valid session except the open routes of the route table. */
export const requireSession: RequestHandler = (req, _res, next) => {
  if (req.actor || isOpenApiRoute(req.method, req.path)) {
    next();
    return;
  }
  next(unauthorized('Not signed in'));
};
