import { Schema, type Connection } from 'mongoose';
import type { EmbeddedOutboxFields } from '@lakorn/service-kit';

// Identity's own database (lakorn_identity). Only this folder imports mongoose. The schemas
// declare each collection's fields and indexes (ensureIndexes makes them); the stores write
// through the driver (collectionOf), which applies no schema default or validation, so each store
// writes every field of its documents (README "One service shape").

export interface UserDoc {
  _id: string;
  uid: string;
  email: string;
  username: string;
  profileUrl: string;
  seenMaintenanceNotice: boolean;
  /** Confirmed being 18 or older (absent on accounts from before the age gate: not confirmed). */
  ageConfirmed?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A username is taken by inserting its key here: the unique _id refuses a second claim. */
export interface UsernameClaimDoc {
  _id: string;
  userId: string;
  createdAt: Date;
}

/** One per life of an account (`_id` "<userId>:<createdAt ms>"); carries identity.user.registered once per life. */
export interface RegistrationDoc extends EmbeddedOutboxFields {
  _id: string;
  uid: string;
  createdAt: Date;
}

/** A deleted account's tombstone; carries identity.user.deleted. */
export interface DeletionDoc extends EmbeddedOutboxFields {
  _id: string;
  userId: string;
  createdAt: Date;
}

/**
 * The wallet's balance as last reported by `wallet.balance.changed`. Insert-only, one document
 * per ledger seq, so concurrent events can never overwrite a newer balance with an older one
 * (FerretDB v1 updates are not atomic); the profile shows the highest seq.
 */
export interface BalanceDoc {
  _id: string;
  userId: string;
  seq: number;
  balance: number;
  createdAt: Date;
}

/**
 * Where the walk to a user's newest balance starts: a hint, never the truth (a non-atomic update
 * may leave it behind); the balances documents themselves decide.
 */
export interface BalanceHeadDoc {
  _id: string;
  seq: number;
}

/**
 * The list of ended sessions every process caches (service-kit README "Sessions"). Insert-only
 * (FerretDB v1 updates are not atomic): a logout is `session:<sid>`; raising a member's session
 * version is a new `member:<userId>:<version>`, the highest version being the one in force.
 */
export interface SessionEndDoc {
  _id: string;
  kind: 'session' | 'member';
  sid?: string;
  /** A logout's token expiry: after it the entry is no longer served. */
  expiresAt?: Date;
  userId?: string;
  minVersion?: number;
  createdAt: Date;
}

/**
 * A role some token of the member carries (`<userId>:admin`, `<userId>:owner`), written the first
 * time one is issued; at start identity ends the sessions of members whose role ADMIN_EMAILS or
 * OWNER_EMAIL no longer give.
 */
export interface RoleGrantDoc {
  _id: string;
  userId: string;
  role: 'admin' | 'owner';
  createdAt: Date;
}

/**
 * A sign-in nonce identity issued (README "Sign-in nonces"), by the SHA-256 of the nonce: for the
 * browser whose cookie hashes to `browser`, or for a development token (`browser` null).
 */
export interface SignInNonceDoc {
  _id: string;
  browser: string | null;
  expiresAt: Date;
  createdAt: Date;
}

/** A nonce's one sign-in: the unique _id (the nonce's hash) refuses a second use under any race. */
export interface SignInNonceUseDoc {
  _id: string;
  expiresAt: Date;
  createdAt: Date;
}

/** Collections whose documents carry their own event (service-kit outbox `embedded`). */
export const EMBEDDED_OUTBOX_COLLECTIONS = ['registrations', 'deletions'];

const carriedEvent = { outboxPending: Boolean, outbox: Schema.Types.Mixed };

export function identityModels(connection: Connection) {
  const users = connection.model<UserDoc>('User', new Schema<UserDoc>(
    { _id: String, uid: String, email: String, username: String, profileUrl: String, seenMaintenanceNotice: Boolean, ageConfirmed: Boolean, createdAt: Date, updatedAt: Date },
    { versionKey: false, collection: 'users' },
  ).index({ uid: 1 }, { unique: true }));
  const usernameClaims = connection.model<UsernameClaimDoc>('UsernameClaim', new Schema<UsernameClaimDoc>(
    { _id: String, userId: String, createdAt: Date },
    { versionKey: false, collection: 'username_claims' },
  ));
  const registrations = connection.model<RegistrationDoc>('Registration', new Schema<RegistrationDoc>(
    { _id: String, uid: String, createdAt: Date, ...carriedEvent },
    { versionKey: false, collection: 'registrations' },
  ).index({ outboxPending: 1 }));
  const deletions = connection.model<DeletionDoc>('Deletion', new Schema<DeletionDoc>(
    { _id: String, userId: String, createdAt: Date, ...carriedEvent },
    { versionKey: false, collection: 'deletions' },
  ).index({ outboxPending: 1 }));
  const balances = connection.model<BalanceDoc>('Balance', new Schema<BalanceDoc>(
    { _id: String, userId: String, seq: Number, balance: Number, createdAt: Date },
    { versionKey: false, collection: 'balances' },
  ).index({ userId: 1 }));
  const balanceHeads = connection.model<BalanceHeadDoc>('BalanceHead', new Schema<BalanceHeadDoc>(
    { _id: String, seq: Number },
    { versionKey: false, collection: 'balance_heads' },
  ));
  const sessionEnds = connection.model<SessionEndDoc>('SessionEnd', new Schema<SessionEndDoc>(
    { _id: String, kind: String, sid: String, expiresAt: Date, userId: String, minVersion: Number, createdAt: Date },
    { versionKey: false, collection: 'session_ends' },
  ).index({ createdAt: 1 }).index({ userId: 1 }));
  const roleGrants = connection.model<RoleGrantDoc>('RoleGrant', new Schema<RoleGrantDoc>(
    { _id: String, userId: String, role: String, createdAt: Date },
    { versionKey: false, collection: 'role_grants' },
  ));
  const signInNonces = connection.model<SignInNonceDoc>('SignInNonce', new Schema<SignInNonceDoc>(
    { _id: String, browser: String, expiresAt: Date, createdAt: Date },
    { versionKey: false, collection: 'sign_in_nonces' },
  ).index({ expiresAt: 1 }));
  const signInNonceUses = connection.model<SignInNonceUseDoc>('SignInNonceUse', new Schema<SignInNonceUseDoc>(
    { _id: String, expiresAt: Date, createdAt: Date },
    { versionKey: false, collection: 'sign_in_nonce_uses' },
  ).index({ expiresAt: 1 }));
  return { users, usernameClaims, registrations, deletions, balances, balanceHeads, sessionEnds, roleGrants, signInNonces, signInNonceUses };
}

export type IdentityModels = ReturnType<typeof identityModels>;
