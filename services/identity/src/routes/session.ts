import type { Request, Response } from 'express';
import { SESSION_COOKIE, SIGN_IN_COOKIE, SIGN_IN_NONCE_TTL_SECONDS, type SessionClaims } from '@lakorn/contracts';
import { parseCookieHeader, SESSION_TTL_SECONDS, signSessionToken } from '@lakorn/service-kit';

export interface SessionIssuer {
  privateKey: string;
  secureCookies: boolean;
}

/** Sets the httpOnly session cookie holding a signed JWT with the claims (ARCHITECTURE §5; domain/sessions.ts makes them). */
export function setSessionCookie(res: Response, issuer: SessionIssuer, claims: SessionClaims): void {
  const token = signSessionToken(claims, issuer.privateKey);
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: issuer.secureCookies,
    path: '/',
    maxAge: SESSION_TTL_SECONDS * 1000,
  });
}

export function clearSessionCookie(res: Response, issuer: SessionIssuer): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: issuer.secureCookies, path: '/' });
}

/**
 * The browser's sign-in secret (README "Sign-in nonces"): its nonces are bound to it. Only the
 * sign-in calls under /api/auth need it; it lives as long as a nonce does.
 */
export function setSignInCookie(res: Response, issuer: SessionIssuer, secret: string): void {
  res.cookie(SIGN_IN_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure: issuer.secureCookies, path: '/api/auth', maxAge: SIGN_IN_NONCE_TTL_SECONDS * 1000 });
}

/** The sign-in secret the browser sent, when it is one of ours in shape (43 base64url characters). */
export function readSignInCookie(req: Request): string | undefined {
  const value = parseCookieHeader(req.headers.cookie)[SIGN_IN_COOKIE];
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}
