import { DomainError } from '@lakorn/service-kit';

/** spec §5: a username is unique ignoring case; someone else holds this one. */
export class UsernameTaken extends DomainError {}

/** The session names an account that no longer exists (deleted since the cookie was issued). */
export class AccountNotFound extends DomainError {}

/**
 * ARCHITECTURE §5: the ID token is the only source of identity; this one is forged, expired, for
 * another audience, unverified, or answers another nonce than the one asked for.
 */
export class InvalidCredential extends DomainError {
  constructor(reason: string) {
    super(`Invalid credential: ${reason}`);
  }
}
