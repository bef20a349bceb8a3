import type { DebitReply, EventPayload } from '@lakorn/contracts';
import type { Ledger, LedgerEntry } from './ledger';

// Coin movements other services ask for over the bus (ARCHITECTURE §4; the contract is written up
// in services/wallet/README.md "Bus contract"): chat's debits (request/reply) and refunds, and
// credits such as check-in rewards. Every answer is decided once per opId by the ledger's unique
// opId, so a redelivered or duplicated message gets the first answer again.

/** A void entry's `ref`: why the opId was taken without moving coins. */
export const VOID_REASONS = {
  insufficient: 'insufficient',
  deadlinePassed: 'deadline-passed',
  refundedBeforeDebit: 'refund-before-debit',
} as const;

export const REFUND_DESCRIPTION = 'คืนเหรียญ';

export interface CoinRequests {
  debit(request: EventPayload<'wallet.debit'>): Promise<DebitReply>;
  refund(request: EventPayload<'wallet.refund.requested'>): Promise<'refunded' | 'voided' | 'nothing-to-refund' | 'closed'>;
  credit(request: EventPayload<'wallet.credit.requested'>): Promise<'credited' | 'closed'>;
}

/** The reply a debit's opId earned, whenever it is asked again. */
function replyFor(entry: LedgerEntry, request: { userId: string; amount: number }): DebitReply {
  if (entry.kind === 'debit' && entry.userId === request.userId && entry.amount === -request.amount) {
    return { status: 'debited', balance: entry.balanceAfter };
  }
  if (entry.kind === 'void' && entry.ref === VOID_REASONS.insufficient) {
    return { status: 'insufficient', balance: entry.balanceAfter };
  }
  // A void for any other reason, or an opId that names some other movement: never debit.
  return { status: 'void' };
}

export function createCoinRequests(ledger: Ledger, now: () => number = Date.now): CoinRequests {
  return {
    async debit(request) {
      // The requester stops waiting at the deadline and treats the send as failed; a debit after it
      // would charge for a message that was never sent. Taking the opId refuses later copies too
      // (and if the opId was taken before, the earlier answer comes back instead).
      if (now() > request.deadline) {
        const voided = await ledger.recordVoid(request.userId, request.opId, VOID_REASONS.deadlinePassed);
        return voided.status === 'closed' ? { status: 'void' } : replyFor(voided.entry, request);
      }

      const result = await ledger.apply({
        userId: request.userId,
        opId: request.opId,
        kind: 'debit',
        amount: -request.amount,
        description: request.description,
      });
      if (result.status === 'closed') return { status: 'void' };
      if (result.status === 'applied') return replyFor(result.entry, request);

      // Not enough coins: record that answer under the opId, so a redelivered copy cannot debit
      // after a top-up for a message the requester already reported as refused.
      const refused = await ledger.recordVoid(request.userId, request.opId, VOID_REASONS.insufficient);
      return refused.status === 'closed' ? { status: 'void' } : replyFor(refused.entry, request);
    },

    async refund(request) {
      // Void the opId first: if no debit exists, that refuses a debit arriving late; if one does,
      // the insert is refused and answers the debit, which is then refunded (once: refund:<opId>).
      const voided = await ledger.recordVoid(request.userId, request.opId, VOID_REASONS.refundedBeforeDebit);
      if (voided.status === 'closed') return 'closed';
      if (!voided.replayed) return 'voided';
      const debit = voided.entry;
      if (debit.kind !== 'debit') return 'nothing-to-refund';
      const refunded = await ledger.apply({
        userId: debit.userId,
        opId: `refund:${debit.opId}`,
        kind: 'refund',
        amount: -debit.amount,
        description: REFUND_DESCRIPTION,
        ref: debit.opId,
      });
      return refunded.status === 'closed' ? 'closed' : 'refunded';
    },

    async credit(request) {
      const result = await ledger.apply({
        userId: request.userId,
        opId: request.opId,
        kind: 'credit',
        amount: request.amount,
        description: request.description,
      });
      if (result.status === 'insufficient') throw new Error('unreachable: a credit never lacks coins');
      return result.status === 'closed' ? 'closed' : 'credited';
    },
  };
}
