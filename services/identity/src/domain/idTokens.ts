/** What a verified ID token says about the person signing in. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  name?: string;
  picture?: string;
  nonce?: string;
}

/**
 * An identity provider's token check (Google's, or the development provider's: data/idTokens.ts).
 * Throws InvalidCredential for any token it does not accept.
 */
export interface IdTokenVerifier {
  readonly provider: 'google' | 'dev';
  verify(credential: string): Promise<VerifiedIdentity>;
}

/**
 * The development identity provider (ARCHITECTURE §5): issues ID tokens for the e-mail and name
 * typed on its page, and verifies them on the same path as Google's.
 */
export interface DevIdentityProvider {
  issue(email: string, name: string, nonce?: string): string;
  readonly verifier: IdTokenVerifier;
}
