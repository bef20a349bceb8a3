import { DomainError } from '@lakorn/service-kit';

/** spec §5: a username is unique ignoring case; someone else holds this one. */
export class UsernameTaken extends DomainError {}

/**
 * A username that hides characters or reads as a reserved name (domain/usernames.ts): it could
 * pass for the team, the starter cast's creator or another member.
 */
export class UsernameNotAllowed extends DomainError {
  constructor(readonly reason: 'invisible' | 'reserved') {
    super(`Username not allowed: ${reason}`);
  }
}

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

/**
 * The ID token carries no nonce identity issued to this browser, or an expired or used one
 * (domain/signInNonces.ts): a replayed or stolen token, or a sign-in left too long.
 */
export class SignInExpired extends DomainError {}
