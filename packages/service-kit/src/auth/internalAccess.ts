import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '../http/errors';
import { isLoopbackAddress } from '../http/localOnly';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may call a route meant for Lakorn's own processes (service-kit README "Internal routes"):
 * a process on this machine (a loopback peer that no proxy relayed: no X-Forwarded-For, as for
 * /metrics), or a caller presenting `Authorization: Bearer <INTERNAL_TOKEN>` (the gateway and the
 * services of a compose network). Anyone else: 401 without a credential, 403 with a wrong one.
 */
export function internalAccess(token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : null;
  return (req, _res, next) => {
    const relayed = req.headers['x-forwarded-for'] !== undefined;
    if (!relayed && isLoopbackAddress(req.socket.remoteAddress)) return next();
    const presented = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!presented) return next(unauthorized('This route is for Lakorn\'s own services: present the service credential'));
    if (expected && timingSafeEqual(digest(presented), expected)) return next();
    next(forbidden('Wrong service credential'));
  };
}

/** The header that presents INTERNAL_TOKEN to another process's internal route (none when unset). */
export function internalCredential(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}
