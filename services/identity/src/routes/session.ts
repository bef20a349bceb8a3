import type { Response } from 'express';
import { SESSION_COOKIE, type Profile } from '@lakorn/contracts';
import { SESSION_TTL_SECONDS, signSessionToken } from '@lakorn/service-kit';

export interface SessionIssuer {
  privateKey: string;
  secureCookies: boolean;
}

/** Sets the httpOnly session cookie holding a signed JWT for the profile (ARCHITECTURE §5). */
export function setSessionCookie(res: Response, issuer: SessionIssuer, profile: Profile): void {
  const token = signSessionToken(
    { sub: profile.id, uid: profile.uid, email: profile.email, isAdmin: profile.isAdmin, isOwner: profile.isOwner },
    issuer.privateKey,
  );
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
