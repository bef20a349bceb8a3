import { generateKeyPairSync, createHash, randomUUID } from 'node:crypto';
import { OAuth2Client } from 'google-auth-library';
import jwt from 'jsonwebtoken';
import { InvalidCredential } from '../domain/errors';
import type { DevIdentityProvider, IdTokenVerifier, VerifiedIdentity } from '../domain/idTokens';

// The identity providers identity asks who is signing in: Google (a client of another service, so
// it lives in data/ beside the stores) and the development provider that stands in for it.

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : 'verification failed');

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
        throw new InvalidCredential(reasonOf(error));
      }
      if (!payload?.sub || !payload.email) throw new InvalidCredential('token has no subject or e-mail');
      if (payload.email_verified === false) throw new InvalidCredential('e-mail not verified');
      return { uid: payload.sub, email: payload.email.toLowerCase(), name: payload.name, picture: payload.picture, nonce: payload.nonce };
    },
  };
}

const DEV_ISSUER = 'lakorn-dev-idp';
const DEV_AUDIENCE = 'lakorn-dev';

/**
 * The development identity provider (ARCHITECTURE §5): issues ID tokens signed by a key made at
 * start, for the e-mail and name typed on its page, and verifies them on the same path as Google's.
 */
export function devIdentityProvider(): DevIdentityProvider {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    issue(email, name, nonce) {
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
      async verify(credential): Promise<VerifiedIdentity> {
        let payload: jwt.JwtPayload;
        try {
          payload = jwt.verify(credential, publicKey, { algorithms: ['RS256'], issuer: DEV_ISSUER, audience: DEV_AUDIENCE }) as jwt.JwtPayload;
        } catch (error) {
          throw new InvalidCredential(reasonOf(error));
        }
        if (!payload.sub || typeof payload.email !== 'string') throw new InvalidCredential('token has no subject or e-mail');
        return {
          uid: payload.sub,
          email: payload.email,
          name: typeof payload.name === 'string' ? payload.name : undefined,
          nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined,
        };
      },
    },
  };
}
