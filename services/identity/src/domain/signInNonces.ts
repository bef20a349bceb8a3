import { createHash, randomBytes } from 'node:crypto';
import { SIGN_IN_NONCE_TTL_SECONDS } from '@lakorn/contracts';
import type { SignInNonceStore } from '../data/signInNonceStore';
import type { IdTokenVerifier } from './idTokens';

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
const random = () => randomBytes(32).toString('base64url');

/**
 * The nonces a sign-in's ID token must carry (README "Sign-in nonces"): issued by identity for
 * one browser (its sign-in cookie) or for one development token, good for
 * SIGN_IN_NONCE_TTL_SECONDS, and redeemed once, so a token seen elsewhere cannot be replayed.
 */
export function createSignInNonces(deps: { store: SignInNonceStore; now?: () => Date }) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** A new secret for a browser's sign-in cookie (only its hash is kept, on its nonces). */
    newBrowserSecret: random,

    /** A nonce for the browser holding `browserSecret`, or (null) for a development token. */
    async issue(browserSecret: string | null): Promise<string> {
      const nonce = random();
      const at = now();
      await store.insert({ _id: digest(nonce), browser: browserSecret === null ? null : digest(browserSecret), expiresAt: new Date(at.getTime() + SIGN_IN_NONCE_TTL_SECONDS * 1000), createdAt: at });
      await store.sweep(at);
      return nonce;
    },

    /**
     * True once for a nonce identity issued, not expired, for this browser (an unbound one only
     * for the development provider's tokens); false for anything else, and for every later try.
     */
    async redeem(nonce: string | undefined, browserSecret: string | undefined, provider: IdTokenVerifier['provider']): Promise<boolean> {
      if (!nonce) return false;
      const issued = await store.find(digest(nonce));
      const at = now();
      if (!issued || issued.expiresAt <= at) return false;
      const bound = issued.browser === null ? provider === 'dev' : browserSecret !== undefined && digest(browserSecret) === issued.browser;
      return bound && (await store.use(issued._id, issued.expiresAt, at)) === 'inserted';
    },
  };
}

export type SignInNonces = ReturnType<typeof createSignInNonces>;
