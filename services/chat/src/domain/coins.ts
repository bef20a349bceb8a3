import { DebitReply } from '@lakorn/contracts';
import type { Bus, Outbox } from '@lakorn/service-kit';

// The wallet's bus contract for chat (services/wallet/README.md "Bus contract", ARCHITECTURE §4).

/** spec: the coin history line of a message (wallet entry description). */
export const MESSAGE_DEBIT_DESCRIPTION = 'ส่งข้อความ';
/** The coin history lines of paid saves (README "Paying for text that reaches the model"). */
export const SAVE_DEBIT_DESCRIPTIONS = { edit: 'แก้ไขข้อความ', memory: 'บันทึกความทรงจำ', summary: 'แก้ไขสรุปเรื่องราว' } as const;

/** ARCHITECTURE §3: the debit of a message is opId chat:<messageId>. */
export const debitOpId = (messageId: string) => `chat:${messageId}`;

export interface CoinClient {
  /**
   * `wallet.debit` request/reply: debited, insufficient or void. Throws when no answer came before
   * the deadline or the broker is down: the outcome is then unknown and must be refunded.
   */
  debit(request: { opId: string; userId: string; amount: number; deadline: number; description?: string }): Promise<DebitReply>;
  /**
   * `wallet.refund.requested` through the outbox, so it survives a broker outage: the wallet
   * refunds the debit, or voids the opId so a late debit is refused. Safe any number of times.
   */
  requestRefund(request: { opId: string; userId: string; reason: string }): Promise<void>;
}

export function busCoinClient(bus: Bus, outbox: Pick<Outbox, 'enqueue'>, now: () => number = Date.now): CoinClient {
  return {
    async debit({ opId, userId, amount, deadline, description = MESSAGE_DEBIT_DESCRIPTION }) {
      const answer = await bus.request<unknown>(
        'wallet.debit',
        { opId, userId, amount, description, deadline },
        { messageId: opId, timeoutMs: Math.max(1, deadline - now()) },
      );
      return DebitReply.parse(answer);
    },
    async requestRefund({ opId, userId, reason }) {
      await outbox.enqueue({ name: 'wallet.refund.requested', payload: { opId, userId, reason }, messageId: `refund:${opId}` });
    },
  };
}
