import type { PaymentStatus } from '@lakorn/contracts';
import { rawCollection, type PaymentDoc, type WalletModels } from './models';

/** Statuses a payment never leaves (succeeded is final too, but settle re-checks it against the ledger). */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['succeeded', 'expired', 'failed'];

export interface PaymentStore {
  insert(doc: PaymentDoc): Promise<void>;
  find(id: string): Promise<PaymentDoc | null>;
  /** Records what settle saw; a final status is never overwritten. */
  setStatus(id: string, status: PaymentStatus, at: Date): Promise<void>;
  /** Unsettled payments whose QR is past its hour (the sweeper's work list). */
  dueForExpiry(now: Date, limit: number): Promise<PaymentDoc[]>;
}

export function createPaymentStore(models: WalletModels): PaymentStore {
  const { payments } = models;
  return {
    async insert(doc) {
      await rawCollection(payments).insertOne(doc);
    },
    find: (id) => payments.findById(id).lean<PaymentDoc>().exec(),
    async setStatus(id, status, at) {
      const settled = FINAL_PAYMENT_STATUSES.includes(status);
      await payments
        .updateOne(
          { _id: id, status: { $nin: FINAL_PAYMENT_STATUSES as PaymentStatus[] } },
          { $set: settled ? { status, settledAt: at } : { status } },
        )
        .exec();
    },
    dueForExpiry: (now, limit) =>
      payments
        .find({ status: { $in: ['pending', 'processing'] }, expiresAt: { $lte: now } })
        .sort({ expiresAt: 1 })
        .limit(limit)
        .lean<PaymentDoc[]>()
        .exec(),
  };
}
