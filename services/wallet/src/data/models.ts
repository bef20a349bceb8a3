import { Schema, type Connection, type Model, type mongo } from 'mongoose';
import type { CoinPackageId, PaymentProviderKind, PaymentQr, PaymentStatus, PromoType } from '@lakorn/contracts';
import type { EmbeddedOutboxFields } from '@lakorn/service-kit';

// The wallet's own database (lakorn_wallet). Only this folder imports mongoose. Every invariant a
// race could break is carried by a unique index (ARCHITECTURE §2): FerretDB v1 updates are not
// atomic, an insert against a unique index is.

export type EntryKind = 'credit' | 'debit' | 'refund' | 'void';

/**
 * One immutable ledger entry (ARCHITECTURE §3): `_id` "<userId>:<seq padded>", unique opId and
 * unique (userId, seq). It carries its own `wallet.balance.changed` event (embedded outbox).
 */
export interface EntryDoc extends EmbeddedOutboxFields {
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

/** The head of a user's chain, a cache only: the entries are the truth. */
export interface WalletDoc {
  _id: string;
  seq: number;
  balance: number;
  updatedAt: Date;
}

/** A deleted user's wallet: no movement is applied after it (identity.user.deleted). */
export interface ClosedWalletDoc {
  _id: string;
  closedAt: Date;
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
  promoCodes: Model<PromoCodeDoc>;
  redemptions: Model<RedemptionDoc>;
  settings: Model<SettingDoc>;
  payments: Model<PaymentDoc>;
  simulatedIntents: Model<SimulatedIntentDoc>;
  simulatedOutcomes: Model<SimulatedOutcomeDoc>;
}

/** Collections whose documents carry their own event (service-kit outbox `embedded`). */
export const EMBEDDED_OUTBOX_COLLECTIONS = ['wallet_entries'];

/**
 * The driver's collection behind a model, typed with the model's document (string `_id`s): inserts
 * go straight to the driver so the unique-index refusal (E11000) reaches the caller unchanged.
 */
export function rawCollection<T extends { _id: string }>(model: Model<T>): mongo.Collection<T> {
  return model.collection as unknown as mongo.Collection<T>;
}

const options = (collection: string) => ({ versionKey: false as const, collection });

export function walletModels(connection: Connection): WalletModels {
  const entries = new Schema<EntryDoc>(
    {
      _id: { type: String, required: true },
      userId: { type: String, required: true },
      seq: { type: Number, required: true },
      opId: { type: String, required: true },
      kind: { type: String, required: true },
      amount: { type: Number, required: true },
      balanceAfter: { type: Number, required: true },
      description: { type: String, default: '' },
      ref: { type: String, default: '' },
      createdAt: { type: Date, required: true },
      outboxPending: { type: Boolean, required: true },
      outbox: { type: Schema.Types.Mixed, default: null },
    },
    options('wallet_entries'),
  );
  entries.index({ opId: 1 }, { unique: true });
  entries.index({ userId: 1, seq: 1 }, { unique: true });

  const wallets = new Schema<WalletDoc>(
    {
      _id: { type: String, required: true },
      seq: { type: Number, required: true },
      balance: { type: Number, required: true },
      updatedAt: { type: Date, required: true },
    },
    options('wallets'),
  );

  const closedWallets = new Schema<ClosedWalletDoc>(
    { _id: { type: String, required: true }, closedAt: { type: Date, required: true } },
    options('closed_wallets'),
  );

  const promoCodes = new Schema<PromoCodeDoc>(
    {
      _id: { type: String, required: true },
      code: { type: String, required: true },
      codeKey: { type: String, required: true },
      coins: { type: Number, required: true },
      type: { type: String, required: true },
      maxUses: { type: Number, default: null },
      isActive: { type: Boolean, required: true },
      createdAt: { type: Date, required: true },
      createdBy: { type: String, required: true },
    },
    options('promo_codes'),
  );
  promoCodes.index({ codeKey: 1 }, { unique: true });

  const redemptions = new Schema<RedemptionDoc>(
    {
      _id: { type: String, required: true },
      codeId: { type: String, required: true },
      userId: { type: String, required: true },
      createdAt: { type: Date, required: true },
    },
    options('promo_redemptions'),
  );
  redemptions.index({ codeId: 1, userId: 1 }, { unique: true });

  const settings = new Schema<SettingDoc>(
    {
      _id: { type: String, required: true },
      coins: { type: Number },
      enabled: { type: Boolean },
      updatedAt: { type: Date, required: true },
      updatedBy: { type: String, required: true },
    },
    options('settings'),
  );

  const payments = new Schema<PaymentDoc>(
    {
      _id: { type: String, required: true },
      userId: { type: String, required: true },
      package: { type: String, required: true },
      coins: { type: Number, required: true },
      amountSatang: { type: Number, required: true },
      currency: { type: String, required: true },
      provider: { type: String, required: true },
      clientSecret: { type: String, default: null },
      qr: { type: Schema.Types.Mixed, default: {} },
      status: { type: String, required: true },
      createdAt: { type: Date, required: true },
      expiresAt: { type: Date, required: true },
      settledAt: { type: Date, default: null },
    },
    options('payments'),
  );
  payments.index({ status: 1, expiresAt: 1 });

  const simulatedIntents = new Schema<SimulatedIntentDoc>(
    {
      _id: { type: String, required: true },
      amount: { type: Number, required: true },
      currency: { type: String, required: true },
      metadata: { type: Schema.Types.Mixed, default: {} },
      payload: { type: String, required: true },
      createdAt: { type: Date, required: true },
    },
    options('simulated_intents'),
  );

  const simulatedOutcomes = new Schema<SimulatedOutcomeDoc>(
    { _id: { type: String, required: true }, outcome: { type: String, required: true }, at: { type: Date, required: true } },
    options('simulated_outcomes'),
  );

  return {
    entries: connection.model<EntryDoc>('Entry', entries),
    wallets: connection.model<WalletDoc>('Wallet', wallets),
    closedWallets: connection.model<ClosedWalletDoc>('ClosedWallet', closedWallets),
    promoCodes: connection.model<PromoCodeDoc>('PromoCode', promoCodes),
    redemptions: connection.model<RedemptionDoc>('Redemption', redemptions),
    settings: connection.model<SettingDoc>('Setting', settings),
    payments: connection.model<PaymentDoc>('Payment', payments),
    simulatedIntents: connection.model<SimulatedIntentDoc>('SimulatedIntent', simulatedIntents),
    simulatedOutcomes: connection.model<SimulatedOutcomeDoc>('SimulatedOutcome', simulatedOutcomes),
  };
}
