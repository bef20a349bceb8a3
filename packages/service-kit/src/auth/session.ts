import { createHash, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { SESSION_COOKIE, SESSION_ENDED_CODE, SESSION_ENDED_MESSAGE, SessionClaims } from '@lakorn/contracts';
import { forbidden, HttpError, unauthorized } from '../http/errors';
import { installedSessionEnds, type SessionEnds } from './sessionEnds';

/** Who is acting, taken from the verified session token and never from a request body. */
export interface Actor {
  /** The profile id (the ledger, characters and chats are keyed by it). */
  id: string;
  /** The identity provider's subject (spec §3 `uid`). */
  uid: string;
  email: string;
  isAdmin: boolean;
  isOwner: boolean;
  /**
   * The member had confirmed being 18 or older when the token was issued (claim `adult`): 18+
   * characters show. Absent (an actor made by hand: a system task) is not confirmed.
   */
  adult?: boolean;
  /** The sign-in this token belongs to (claim `sid`); logout ends it. Set by the verifier. */
  sessionId?: string;
  /** The member's session version when the token was issued (claim `sv`). Set by the verifier. */
  sessionVersion?: number;
  /** When the token expires, epoch ms. Set by the verifier. */
  sessionExpiresAt?: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    actor?: Actor;
    /** The raw session token, forwarded by the gateway so each service verifies it again. */
    sessionToken?: string;
    /** A token of ours came whose session ended (logout, sign out everywhere, deletion, a role taken away). */
    sessionEnded?: boolean;
  }
}

export const SESSION_ISSUER = 'lakorn-identity';
export const SESSION_AUDIENCE = 'lakorn';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * The key id (`kid`) of a session key: the first 16 characters of the base64url SHA-256 of its
 * public key (SPKI DER), so a key pair carries its id with it and no setting can disagree with it.
 * Identity writes it in every token's header; verifiers pick the key by it (key rotation,
 * service-kit README "Sessions").
 */
export function sessionKeyId(key: string | KeyObject): string {
  const object = typeof key === 'string' ? createPublicKey(key) : key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256').update(object.export({ type: 'spki', format: 'der' })).digest('base64url').slice(0, 16);
}

/**
 * The verifying keys by kid. SESSION_PUBLIC_KEY holds one PEM block, or several during a key
 * rotation (the new key next to the old one, until the old key's last token expired).
 */
export function sessionPublicKeys(keys: string | KeyObject | ReadonlyArray<string | KeyObject>): ReadonlyMap<string, KeyObject> {
  const list = Array.isArray(keys) ? keys : [keys as string | KeyObject];
  const byKid = new Map<string, KeyObject>();
  for (const item of list) {
    const objects = typeof item === 'string' ? (item.match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? [item]).map((pem) => createPublicKey(pem)) : [item];
    for (const object of objects) byKid.set(sessionKeyId(object), object);
  }
  return byKid;
}

/** A new sign-in's id (claim `sid`). */
export const newSessionId = (): string => randomBytes(16).toString('base64url');

export function signSessionToken(
  claims: Omit<SessionClaims, 'sid' | 'sv' | 'adult'> & { sid?: string; sv?: number; adult?: boolean },
  privateKey: string,
  ttlSeconds = SESSION_TTL_SECONDS,
): string {
  return jwt.sign(
    { uid: claims.uid, email: claims.email, isAdmin: claims.isAdmin, isOwner: claims.isOwner, sid: claims.sid ?? newSessionId(), sv: claims.sv ?? 0, adult: claims.adult ?? false },
    privateKey,
    { algorithm: 'RS256', subject: claims.sub, issuer: SESSION_ISSUER, audience: SESSION_AUDIENCE, expiresIn: ttlSeconds, keyid: keyIdOfPrivate(privateKey) },
  );
}

const privateKids = new Map<string, string>();
function keyIdOfPrivate(privateKey: string): string {
  let kid = privateKids.get(privateKey);
  if (!kid) {
    kid = sessionKeyId(createPublicKey(privateKey));
    privateKids.set(privateKey, kid);
  }
  return kid;
}

/**
 * Verify a session token; returns the actor or null when missing, forged or expired. Pass a
 * KeyObject (crypto.createPublicKey(pem), made once) to skip parsing the PEM on every request.
 */
export function verifySessionToken(token: string | undefined, publicKey: string | KeyObject): Actor | null {
  const checked = checkSessionToken(token, sessionPublicKeys(publicKey));
  return checked === null || checked === 'ended' ? null : checked.actor;
}

/** Slack for clocks that differ between identity and a verifier when a lifetime is compared. */
const LIFETIME_SLACK_SECONDS = 60;

/**
 * A verified token's actor; 'ended' for a token of ours that names no end (no `exp`, no `iat`,
 * or a life longer than SESSION_TTL_SECONDS): it would be accepted for ever, so it is treated as a
 * session that ended (service-kit README "Sessions"); null when missing, forged or expired.
 */
function checkSessionToken(token: string | undefined, keys: ReadonlyMap<string, KeyObject>): { actor: Actor; expiresAtMs: number } | 'ended' | null {
  if (!token) return null;
  try {
    // The key named by the header's kid, and no other: an unknown or missing kid is refused.
    const header = jwt.decode(token, { complete: true })?.header;
    const key = header?.kid === undefined ? undefined : keys.get(header.kid);
    if (!key) return null;
    const decoded = jwt.verify(token, key, {
      algorithms: ['RS256'],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
    });
    const claims = SessionClaims.safeParse(decoded);
    if (!claims.success) return null;
    const c = claims.data;
    // jsonwebtoken accepts a token without exp or iat; such a token never ends, so it is refused.
    const { exp, iat } = decoded as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number' || typeof iat !== 'number' || exp - iat > SESSION_TTL_SECONDS + LIFETIME_SLACK_SECONDS) return 'ended';
    const expiresAtMs = exp * 1000;
    // Frozen: a remembered actor is shared by every request that carries the same token.
    const actor: Actor = { id: c.sub, uid: c.uid, email: c.email, isAdmin: c.isAdmin, isOwner: c.isOwner, adult: c.adult, sessionId: c.sid, sessionVersion: c.sv, sessionExpiresAt: expiresAtMs };
    return { actor: Object.freeze(actor), expiresAtMs };
  } catch {
    return null;
  }
}

/** How many verified tokens one process remembers (a token is ~600 bytes). */
export const VERIFIED_SESSIONS_KEPT = 10_000;

/**
 * A session verifier that remembers the tokens it has verified until they expire. The RS256
 * signature check is the costliest step of a request (~0.1–0.3 ms, measured in bench/gateway), and
 * a member sends the same token with every call; the same bytes verified with the same key give the
 * same actor, so a token seen before is answered from memory while `now` is before its `exp`.
 * Forged, malformed and expired tokens are never kept, so every one of them is checked in full.
 * The gateway and every service each verify with their own (ARCHITECTURE §5).
 */
export function createSessionVerifier(
  publicKey: string | KeyObject | ReadonlyArray<string | KeyObject>,
  options: { maxEntries?: number; now?: () => number } = {},
): (token: string | undefined) => Actor | null {
  const check = createSessionCheck(publicKey, options);
  return (token) => {
    const checked = check(token);
    return checked === 'ended' ? null : checked;
  };
}

/** createSessionVerifier's check, telling a token of ours that never ends ('ended') from a bad one. */
function createSessionCheck(
  publicKey: string | KeyObject | ReadonlyArray<string | KeyObject>,
  options: { maxEntries?: number; now?: () => number },
): (token: string | undefined) => Actor | 'ended' | null {
  const key = sessionPublicKeys(publicKey);
  const maxEntries = options.maxEntries ?? VERIFIED_SESSIONS_KEPT;
  const now = options.now ?? Date.now;
  const verified = new Map<string, { actor: Actor; expiresAtMs: number }>();
  return (token) => {
    if (!token) return null;
    const known = verified.get(token);
    if (known) {
      if (now() < known.expiresAtMs) return known.actor;
      verified.delete(token);
    }
    const fresh = checkSessionToken(token, key);
    if (fresh === null || fresh === 'ended') return fresh;
    if (now() >= fresh.expiresAtMs) return null;
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= maxEntries) verified.delete(verified.keys().next().value as string);
    verified.set(token, fresh);
    return fresh.actor;
  };
}

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

/** The token from the session cookie, or from `Authorization: Bearer` (scripts, benches). */
export function readSessionToken(req: Request): string | undefined {
  const cookies = (req.cookies as Record<string, string> | undefined) ?? parseCookieHeader(req.headers.cookie);
  const cookie = cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return undefined;
}

/**
 * Sets `req.actor` when a valid session is present; never refuses by itself. A verified token
 * whose session ended (the process's SessionEnds, installed by openServiceRuntime and the gateway)
 * sets no actor: two Map lookups per request, no network (service-kit README "Sessions").
 */
export function sessionMiddleware(publicKey: string | KeyObject | ReadonlyArray<string | KeyObject>, sessionEnds?: SessionEnds) {
  const check = createSessionCheck(publicKey, {});
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = readSessionToken(req);
    const actor = check(token);
    if (actor && actor !== 'ended' && (sessionEnds ?? installedSessionEnds())?.hasEnded(actor) !== true) {
      req.actor = actor;
      req.sessionToken = token;
    } else if (actor) {
      // Our own token, whose session ended (or that names no end): "sign in again", not "not signed in".
      req.sessionEnded = true;
    }
    next();
  };
}

/** The 401 of a session that ended: the Thai "please sign in again" (contracts SESSION_ENDED_MESSAGE). */
export const sessionEnded = () => new HttpError(401, SESSION_ENDED_MESSAGE, SESSION_ENDED_CODE);

/** The signed-in actor, or a 401 (SESSION_ENDED when the token's session ended). */
export function requireActor(req: Request): Actor {
  if (!req.actor) throw req.sessionEnded ? sessionEnded() : unauthorized();
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
