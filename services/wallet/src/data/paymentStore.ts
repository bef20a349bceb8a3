import type { PaymentStatus } from '@lakorn/contracts';
import { collectionOf } from '@lakorn/service-kit';
import type { PaymentDoc, WalletModels } from './models';

/** Statuses a payment never leaves (succeeded is final too, but settle re-checks it against the ledger). */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['succeeded', 'expired', 'failed', 'refunded'];

export interface PaymentStore {
  insert(doc: PaymentDoc): Promise<void>;
  find(id: string): Promise<PaymentDoc | null>;
  /** Records what settle saw; a final status is never overwritten. */
  setStatus(id: string, status: PaymentStatus, at: Date): Promise<void>;
  /** Unsettled payments whose QR is past its hour (the sweeper's work list). */
  dueForExpiry(now: Date, limit: number): Promise<PaymentDoc[]>;
}

export function createPaymentStore(models: WalletModels): PaymentStore {
  const payments = collectionOf(models.payments);
  return {
    async insert(doc) {
      await payments.insertOne(doc);
    },
    find: (id) => payments.findOne({ _id: id }),
    async setStatus(id, status, at) {
      const settled = FINAL_PAYMENT_STATUSES.includes(status);
      await payments.updateOne(
        { _id: id, status: { $nin: [...FINAL_PAYMENT_STATUSES] } },
        { $set: settled ? { status, settledAt: at } : { status } },
      );
    },
    dueForExpiry: (now, limit) =>
      payments
        .find({ status: { $in: ['pending', 'processing'] }, expiresAt: { $lte: now } })
        .sort({ expiresAt: 1 })
        .limit(limit)
        .toArray(),
  };
}
