import type { Response } from 'express';
import { SESSION_COOKIE, type SessionClaims } from '@lakorn/contracts';
import { SESSION_TTL_SECONDS, signSessionToken } from '@lakorn/service-kit';

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
