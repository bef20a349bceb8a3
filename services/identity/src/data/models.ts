import { Schema, type Connection, type Model } from 'mongoose';
import type { EmbeddedOutboxFields, OutboxEvent } from '@lakorn/service-kit';

// Identity's own database (lakorn_identity). Only this folder imports mongoose.

export interface UserDoc {
  _id: string;
  uid: string;
  email: string;
  username: string;
  profileUrl: string;
  seenMaintenanceNotice: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A username is taken by inserting its key here: the unique _id refuses a second claim. */
export interface UsernameClaimDoc {
  _id: string;
  userId: string;
  createdAt: Date;
}

/** One per user ever signed up; carries identity.user.registered (exactly once per user). */
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

const outboxFields = {
  outboxPending: { type: Boolean, required: true },
  outbox: { type: Schema.Types.Mixed, default: null },
};

/**
 * Where the walk to a user's newest balance starts: a hint, never the truth (a non-atomic update
 * may leave it behind); the balances documents themselves decide.
 */
export interface BalanceHeadDoc {
  _id: string;
  seq: number;
}

export interface IdentityModels {
  balanceHeads: Model<BalanceHeadDoc>;
  users: Model<UserDoc>;
  usernameClaims: Model<UsernameClaimDoc>;
  registrations: Model<RegistrationDoc>;
  deletions: Model<DeletionDoc>;
  balances: Model<BalanceDoc>;
}

export const EMBEDDED_OUTBOX_COLLECTIONS = ['registrations', 'deletions'];

export function identityModels(connection: Connection): IdentityModels {
  const users = new Schema<UserDoc>(
    {
      _id: { type: String, required: true },
      uid: { type: String, required: true },
      email: { type: String, required: true },
      username: { type: String, required: true },
      profileUrl: { type: String, default: '' },
      seenMaintenanceNotice: { type: Boolean, default: false },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
    },
    { versionKey: false, collection: 'users' },
  );
  users.index({ uid: 1 }, { unique: true });

  const claims = new Schema<UsernameClaimDoc>(
    { _id: { type: String, required: true }, userId: { type: String, required: true }, createdAt: { type: Date, required: true } },
    { versionKey: false, collection: 'username_claims' },
  );

  const registrations = new Schema<RegistrationDoc>(
    { _id: { type: String, required: true }, uid: { type: String, required: true }, createdAt: { type: Date, required: true }, ...outboxFields },
    { versionKey: false, collection: 'registrations' },
  );
  registrations.index({ outboxPending: 1 });

  const deletions = new Schema<DeletionDoc>(
    { _id: { type: String, required: true }, userId: { type: String, required: true }, createdAt: { type: Date, required: true }, ...outboxFields },
    { versionKey: false, collection: 'deletions' },
  );
  deletions.index({ outboxPending: 1 });

  const balances = new Schema<BalanceDoc>(
    {
      _id: { type: String, required: true },
      userId: { type: String, required: true },
      seq: { type: Number, required: true },
      balance: { type: Number, required: true },
      createdAt: { type: Date, required: true },
    },
    { versionKey: false, collection: 'balances' },
  );
  balances.index({ userId: 1 });

  const heads = new Schema<BalanceHeadDoc>(
    { _id: { type: String, required: true }, seq: { type: Number, required: true } },
    { versionKey: false, collection: 'balance_heads' },
  );

  return {
    balanceHeads: connection.model<BalanceHeadDoc>('BalanceHead', heads),
    users: connection.model<UserDoc>('User', users),
    usernameClaims: connection.model<UsernameClaimDoc>('UsernameClaim', claims),
    registrations: connection.model<RegistrationDoc>('Registration', registrations),
    deletions: connection.model<DeletionDoc>('Deletion', deletions),
    balances: connection.model<BalanceDoc>('Balance', balances),
  };
}

export type { OutboxEvent };
