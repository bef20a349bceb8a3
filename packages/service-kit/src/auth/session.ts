import type { KeyObject } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { SESSION_COOKIE, SessionClaims } from '@lakorn/contracts';
import { forbidden, unauthorized } from '../http/errors';

/** Who is acting, taken from the verified session token and never from a request body. */
export interface Actor {
  /** The profile id (the ledger, characters and chats are keyed by it). */
  id: string;
  /** The identity provider's subject (spec §3 `uid`). */
  uid: string;
  email: string;
  isAdmin: boolean;
  isOwner: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    actor?: Actor;
    /** The raw session token, forwarded by the gateway so each service verifies it again. */
    sessionToken?: string;
  }
}

export const SESSION_ISSUER = 'lakorn-identity';
export const SESSION_AUDIENCE = 'lakorn';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export function signSessionToken(claims: SessionClaims, privateKey: string, ttlSeconds = SESSION_TTL_SECONDS): string {
  return jwt.sign(
    { uid: claims.uid, email: claims.email, isAdmin: claims.isAdmin, isOwner: claims.isOwner },
    privateKey,
    { algorithm: 'RS256', subject: claims.sub, issuer: SESSION_ISSUER, audience: SESSION_AUDIENCE, expiresIn: ttlSeconds },
  );
}

/**
 * Verify a session token; returns the actor or null when missing, forged or expired. Pass a
 * KeyObject (crypto.createPublicKey(pem), made once) to skip parsing the PEM on every request.
 */
export function verifySessionToken(token: string | undefined, publicKey: string | KeyObject): Actor | null {
  if (!token) return null;
  try {
    const decoded = jwt.verify(token, publicKey, {
      algorithms: ['RS256'],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
    });
    const claims = SessionClaims.safeParse(decoded);
    if (!claims.success) return null;
    const c = claims.data;
    return { id: c.sub, uid: c.uid, email: c.email, isAdmin: c.isAdmin, isOwner: c.isOwner };
  } catch {
    return null;
  }
}

/** The token from the session cookie, or from `Authorization: Bearer` (scripts, benches). */
export function readSessionToken(req: Request): string | undefined {
  const cookie = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  if (cookie) return cookie;
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return undefined;
}

/** Sets `req.actor` when a valid session is present; never refuses by itself. */
export function sessionMiddleware(publicKey: string | KeyObject) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = readSessionToken(req);
    const actor = verifySessionToken(token, publicKey);
    if (actor) {
      req.actor = actor;
      req.sessionToken = token;
    }
    next();
  };
}

/** The signed-in actor, or a 401. */
export function requireActor(req: Request): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

/** An admin (ADMIN_EMAILS), or 401/403. */
export function requireAdmin(req: Request): Actor {
  const actor = requireActor(req);
  if (!actor.isAdmin) throw forbidden('Admin only');
  return actor;
}

/** The single configured owner account (OWNER_EMAIL), or 401/403. */
export function requireOwner(req: Request): Actor {
  const actor = requireActor(req);
  if (!actor.isOwner) throw forbidden('Owner only');
  return actor;
}

/** True when `ref` (a body/path userId or uid) names the actor. */
export function isSelf(actor: Actor, ref: string | undefined | null): boolean {
  return ref === actor.id || ref === actor.uid;
}

/**
 * The spec's bodies and paths name the acting user. A reference to anyone else is refused
 * with 403 (ARCHITECTURE §5); a missing reference is fine, the session decides.
 */
export function assertSelf(actor: Actor, ...refs: Array<string | undefined | null>): void {
  for (const ref of refs) {
    if (ref !== undefined && ref !== null && ref !== '' && !isSelf(actor, ref)) {
      throw forbidden('You can only act as yourself');
    }
  }
}
