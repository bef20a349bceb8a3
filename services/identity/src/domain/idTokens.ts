import { generateKeyPairSync, createHash, randomUUID } from 'node:crypto';
import { OAuth2Client } from 'google-auth-library';
import jwt from 'jsonwebtoken';

/** What a verified ID token says about the person signing in. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  name?: string;
  picture?: string;
  nonce?: string;
}

export interface IdTokenVerifier {
  readonly provider: 'google' | 'dev';
  verify(credential: string): Promise<VerifiedIdentity>;
}

export class InvalidCredentialError extends Error {
  constructor(reason: string) {
    super(`Invalid credential: ${reason}`);
    this.name = 'InvalidCredentialError';
  }
}

/** Google ID tokens, verified with google-auth-library against our client id (ARCHITECTURE §5). */
export function googleVerifier(clientId: string, client = new OAuth2Client(clientId)): IdTokenVerifier {
  return {
    provider: 'google',
    async verify(credential) {
      let payload;
      try {
        const ticket = await client.verifyIdToken({ idToken: credential, audience: clientId });
        payload = ticket.getPayload();
      } catch (error) {
        throw new InvalidCredentialError(error instanceof Error ? error.message : 'verification failed');
      }
      if (!payload?.sub || !payload.email) throw new InvalidCredentialError('token has no subject or e-mail');
      if (payload.email_verified === false) throw new InvalidCredentialError('e-mail not verified');
      return { uid: payload.sub, email: payload.email.toLowerCase(), name: payload.name, picture: payload.picture, nonce: payload.nonce };
    },
  };
}

export const DEV_ISSUER = 'lakorn-dev-idp';
export const DEV_AUDIENCE = 'lakorn-dev';

/**
 * The development identity provider (ARCHITECTURE §5): issues ID tokens signed by a key made at
 * start, for the e-mail and name typed on its page, and verifies them on the same path as Google's.
 */
export function devIdentityProvider() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    issue(email: string, name: string, nonce?: string): string {
      const normalized = email.trim().toLowerCase();
      // A stable subject per e-mail, as Google's `sub` is stable per account.
      const sub = `dev-${createHash('sha256').update(normalized).digest('hex').slice(0, 24)}`;
      return jwt.sign({ email: normalized, name, email_verified: true, ...(nonce ? { nonce } : {}) }, privateKey, {
        algorithm: 'RS256',
        issuer: DEV_ISSUER,
        audience: DEV_AUDIENCE,
        subject: sub,
        expiresIn: 600,
        jwtid: randomUUID(),
      });
    },
    verifier: {
      provider: 'dev',
      async verify(credential: string) {
        try {
          const payload = jwt.verify(credential, publicKey, { algorithms: ['RS256'], issuer: DEV_ISSUER, audience: DEV_AUDIENCE }) as jwt.JwtPayload;
          if (!payload.sub || typeof payload.email !== 'string') throw new Error('token has no subject or e-mail');
          return {
            uid: payload.sub,
            email: payload.email,
            name: typeof payload.name === 'string' ? payload.name : undefined,
            nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined,
          };
        } catch (error) {
          throw new InvalidCredentialError(error instanceof Error ? error.message : 'verification failed');
        }
      },
    } satisfies IdTokenVerifier,
  };
}

export type DevIdentityProvider = ReturnType<typeof devIdentityProvider>;
