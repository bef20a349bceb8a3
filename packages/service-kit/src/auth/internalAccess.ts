import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '../http/errors';
import { isLoopbackAddress } from '../http/localOnly';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The one rule for routes of Lakorn's own processes (/metrics, internal routes): a process on this
 * machine (a loopback peer that no proxy relayed: no X-Forwarded-For) passes, and so does a caller
 * presenting `Authorization: Bearer <token>` when a token is set; `refuse` answers the rest.
 */
export function machineOrBearer(token: string | undefined, refuse: (presented: boolean) => Error): RequestHandler {
  const expected = token ? digest(token) : null;
  return (req, _res, next) => {
    const relayed = req.headers['x-forwarded-for'] !== undefined;
    if (!relayed && isLoopbackAddress(req.socket.remoteAddress)) return next();
    const presented = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (expected && presented && timingSafeEqual(digest(presented), expected)) return next();
    next(refuse(presented !== undefined));
  };
}

/**
 * Who may call a route meant for Lakorn's own processes (service-kit README "Internal routes"):
 * this machine, or the gateway and the services of a compose network presenting INTERNAL_TOKEN.
 * Anyone else: 401 without a credential, 403 with a wrong one.
 */
export function internalAccess(token: string | undefined): RequestHandler {
  return machineOrBearer(token, (presented) =>
    presented ? forbidden('Wrong service credential') : unauthorized("This route is for Lakorn's own services: present the service credential"),
  );
}

/** The header that presents INTERNAL_TOKEN to another process's internal route (none when unset). */
export function internalCredential(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}
