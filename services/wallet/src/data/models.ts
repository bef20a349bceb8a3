import { Schema, type Connection, type Model, type SchemaDefinition } from 'mongoose';
import type { CoinPackageId, PaymentProviderKind, PaymentQr, PaymentStatus, PromoType } from '@lakorn/contracts';
import { QUOTA_SLOT_FIELDS, QUOTA_SLOT_INDEXES, schemaOf, type EmbeddedOutboxFields, type QuotaSlotDoc } from '@lakorn/service-kit';

// The wallet's own database (lakorn_wallet). Only this folder imports mongoose. Every invariant a
// race could break is carried by a unique index (ARCHITECTURE §2): FerretDB v1 updates are not
// atomic, an insert against a unique index is.

export type EntryKind = 'credit' | 'debit' | 'refund' | 'void';

/**
 * One immutable ledger entry (ARCHITECTURE §3): `_id` "<userId>:<seq padded>", unique opId and
 * unique (userId, seq). The ledger hands it out as it is stored, less the event it carries.
 */
export interface LedgerEntry {
  _id: string;
  userId: string;
  seq: number;
  opId: string;
  kind: EntryKind;
  /** Signed: credits and refunds positive, debits negative, voids 0. */
  amount: number;
  balanceAfter: number;
  description: string;
  /** What the movement refers to: a payment id, a promo code id, the refunded opId, a void's reason. */
  ref: string;
  createdAt: Date;
}

/** A stored entry carries its own `wallet.balance.changed` event (embedded outbox). */
export interface EntryDoc extends LedgerEntry, EmbeddedOutboxFields {}

/** The head of a user's chain, a cache only: the entries are the truth. */
export interface WalletDoc {
  _id: string;
  seq: number;
  balance: number;
  updatedAt: Date;
}

/**
 * A deleted user's wallet: no movement is applied after it (identity.user.deleted), until a
 * ReopenedWalletDoc for this deletion exists (README "A returning member"). `deletedAt` is the
 * latest deletion's, as identity stamped it.
 */
export interface ClosedWalletDoc {
  _id: string;
  closedAt: Date;
  deletedAt: Date;
}

/** The ledger of a re-created account is open again: `_id` "<userId>:<deletedAt ms>" names the deletion it follows. */
export interface ReopenedWalletDoc {
  _id: string;
  userId: string;
  reopenedAt: Date;
}

/** The latest identity.user.registered seen for a user (one per life of the account). */
export interface MemberRegistrationDoc {
  _id: string;
  registeredAt: Date;
}

export interface PromoCodeDoc {
  _id: string;
  code: string;
  /** Upper-cased code: unique, and what redemption looks up (codes are case-insensitive). */
  codeKey: string;
  coins: number;
  type: PromoType;
  maxUses: number | null;
  isActive: boolean;
  createdAt: Date;
  createdBy: string;
}

/**
 * A use of a promo code. `_id` is "<codeId>:<slot>": slots 1..maxUses for a limited code (so the
 * unique _id caps the uses), "u:<userId>" for an unlimited one; unique (codeId, userId) makes it
 * once per user. Both limits hold under any race because both are checked by the same insert.
 */
export interface RedemptionDoc {
  _id: string;
  codeId: string;
  userId: string;
  createdAt: Date;
}

/** Owner settings: `registrationBonus` {coins} and `paymentSystem` {enabled}. */
export interface SettingDoc {
  _id: string;
  coins?: number;
  enabled?: boolean;
  updatedAt: Date;
  updatedBy: string;
}

/** A PromptPay payment; `_id` is the provider's payment intent id (the spec's paymentIntentId). */
export interface PaymentDoc {
  _id: string;
  userId: string;
  package: CoinPackageId;
  coins: number;
  amountSatang: number;
  currency: 'thb';
  provider: PaymentProviderKind;
  clientSecret: string | null;
  qr: PaymentQr;
  /** A cache of what settle last saw; the ledger entry `payment:<id>` is the truth of crediting. */
  status: PaymentStatus;
  createdAt: Date;
  expiresAt: Date;
  settledAt: Date | null;
}

/** The simulated provider's payment intents (its "bank"). */
export interface SimulatedIntentDoc {
  _id: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  payload: string;
  createdAt: Date;
}

/** A simulated intent paid back to the payer (README "A returning member"): once, by its `_id`. */
export interface SimulatedRefundDoc {
  _id: string;
  at: Date;
}

/** How a simulated intent ended: paid or cancelled, whichever insert came first. */
export interface SimulatedOutcomeDoc {
  _id: string;
  outcome: 'succeeded' | 'canceled';
  at: Date;
}

export interface WalletModels {
  entries: Model<EntryDoc>;
  wallets: Model<WalletDoc>;
  closedWallets: Model<ClosedWalletDoc>;
  reopenedWallets: Model<ReopenedWalletDoc>;
  registrations: Model<MemberRegistrationDoc>;
  promoCodes: Model<PromoCodeDoc>;
  redemptions: Model<RedemptionDoc>;
  settings: Model<SettingDoc>;
  payments: Model<PaymentDoc>;
  simulatedIntents: Model<SimulatedIntentDoc>;
  simulatedOutcomes: Model<SimulatedOutcomeDoc>;
  simulatedRefunds: Model<SimulatedRefundDoc>;
  /** Failed promo redemptions per member and window (contracts QUOTAS.failedPromoRedemptions). */
  quotaSlots: Model<QuotaSlotDoc>;
}

/** Collections whose documents carry their own event (service-kit outbox `embedded`). */
export const EMBEDDED_OUTBOX_COLLECTIONS = ['wallet_entries'];

/** Every model's options: no `__v`, and the collection's name spelled out. */
const options = (collection: string) => ({ versionKey: false as const, collection });

type FieldType = StringConstructor | NumberConstructor | BooleanConstructor | DateConstructor;

/**
 * The required fields of one type, e.g. `...required<EntryDoc>(String, '_id', 'userId')`. The
 * stores write through the driver (README "One service shape"), so the schema states the shape
 * and its unique indexes carry the invariants.
 */
function required<T>(type: FieldType, ...paths: Array<keyof T & string>): SchemaDefinition<T> {
  return Object.fromEntries(paths.map((path) => [path, { type, required: true }])) as SchemaDefinition<T>;
}

export function walletModels(connection: Connection): WalletModels {
  const entries = new Schema<EntryDoc>(
    {
      ...required<EntryDoc>(String, '_id', 'userId', 'opId', 'kind'),
      ...required<EntryDoc>(Number, 'seq', 'amount', 'balanceAfter'),
      ...required<EntryDoc>(Date, 'createdAt'),
      ...required<EntryDoc>(Boolean, 'outboxPending'),
      description: { type: String, default: '' },
      ref: { type: String, default: '' },
      outbox: { type: Schema.Types.Mixed, default: null },
    },
    options('wallet_entries'),
  );
  entries.index({ opId: 1 }, { unique: true });
  entries.index({ userId: 1, seq: 1 }, { unique: true });

  const wallets = new Schema<WalletDoc>(
    { ...required<WalletDoc>(String, '_id'), ...required<WalletDoc>(Number, 'seq', 'balance'), ...required<WalletDoc>(Date, 'updatedAt') },
    options('wallets'),
  );

  const closedWallets = new Schema<ClosedWalletDoc>(
    { ...required<ClosedWalletDoc>(String, '_id'), ...required<ClosedWalletDoc>(Date, 'closedAt', 'deletedAt') },
    options('closed_wallets'),
  );

  const reopenedWallets = new Schema<ReopenedWalletDoc>(
    { ...required<ReopenedWalletDoc>(String, '_id', 'userId'), ...required<ReopenedWalletDoc>(Date, 'reopenedAt') },
    options('reopened_wallets'),
  );

  const registrations = new Schema<MemberRegistrationDoc>(
    { ...required<MemberRegistrationDoc>(String, '_id'), ...required<MemberRegistrationDoc>(Date, 'registeredAt') },
    options('member_registrations'),
  );

  const promoCodes = new Schema<PromoCodeDoc>(
    {
      ...required<PromoCodeDoc>(String, '_id', 'code', 'codeKey', 'type', 'createdBy'),
      ...required<PromoCodeDoc>(Number, 'coins'),
      ...required<PromoCodeDoc>(Boolean, 'isActive'),
      ...required<PromoCodeDoc>(Date, 'createdAt'),
      maxUses: { type: Number, default: null },
    },
    options('promo_codes'),
  );
  promoCodes.index({ codeKey: 1 }, { unique: true });

  const redemptions = new Schema<RedemptionDoc>(
    { ...required<RedemptionDoc>(String, '_id', 'codeId', 'userId'), ...required<RedemptionDoc>(Date, 'createdAt') },
    options('promo_redemptions'),
  );
  redemptions.index({ codeId: 1, userId: 1 }, { unique: true });

  const settings = new Schema<SettingDoc>(
    {
      ...required<SettingDoc>(String, '_id', 'updatedBy'),
      ...required<SettingDoc>(Date, 'updatedAt'),
      coins: { type: Number },
      enabled: { type: Boolean },
    },
    options('settings'),
  );

  const payments = new Schema<PaymentDoc>(
    {
      ...required<PaymentDoc>(String, '_id', 'userId', 'package', 'currency', 'provider', 'status'),
      ...required<PaymentDoc>(Number, 'coins', 'amountSatang'),
      ...required<PaymentDoc>(Date, 'createdAt', 'expiresAt'),
      clientSecret: { type: String, default: null },
      qr: { type: Schema.Types.Mixed, default: {} },
      settledAt: { type: Date, default: null },
    },
    options('payments'),
  );
  payments.index({ status: 1, expiresAt: 1 });

  const simulatedIntents = new Schema<SimulatedIntentDoc>(
    {
      ...required<SimulatedIntentDoc>(String, '_id', 'currency', 'payload'),
      ...required<SimulatedIntentDoc>(Number, 'amount'),
      ...required<SimulatedIntentDoc>(Date, 'createdAt'),
      metadata: { type: Schema.Types.Mixed, default: {} },
    },
    options('simulated_intents'),
  );

  const simulatedOutcomes = new Schema<SimulatedOutcomeDoc>(
    { ...required<SimulatedOutcomeDoc>(String, '_id', 'outcome'), ...required<SimulatedOutcomeDoc>(Date, 'at') },
    options('simulated_outcomes'),
  );

  const simulatedRefunds = new Schema<SimulatedRefundDoc>(
    { ...required<SimulatedRefundDoc>(String, '_id'), ...required<SimulatedRefundDoc>(Date, 'at') },
    options('simulated_refunds'),
  );

  return {
    entries: connection.model<EntryDoc>('Entry', entries),
    wallets: connection.model<WalletDoc>('Wallet', wallets),
    closedWallets: connection.model<ClosedWalletDoc>('ClosedWallet', closedWallets),
    reopenedWallets: connection.model<ReopenedWalletDoc>('ReopenedWallet', reopenedWallets),
    registrations: connection.model<MemberRegistrationDoc>('MemberRegistration', registrations),
    promoCodes: connection.model<PromoCodeDoc>('PromoCode', promoCodes),
    redemptions: connection.model<RedemptionDoc>('Redemption', redemptions),
    settings: connection.model<SettingDoc>('Setting', settings),
    payments: connection.model<PaymentDoc>('Payment', payments),
    simulatedIntents: connection.model<SimulatedIntentDoc>('SimulatedIntent', simulatedIntents),
    simulatedOutcomes: connection.model<SimulatedOutcomeDoc>('SimulatedOutcome', simulatedOutcomes),
    simulatedRefunds: connection.model<SimulatedRefundDoc>('SimulatedRefund', simulatedRefunds),
    quotaSlots: connection.model<QuotaSlotDoc>('QuotaSlot', schemaOf('quota_slots', QUOTA_SLOT_FIELDS, QUOTA_SLOT_INDEXES)),
  };
}
