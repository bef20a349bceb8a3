import { paidRoomAfter, saveCost } from '@lakorn/contracts';
import type { Actor, Logger } from '@lakorn/service-kit';
import type { CoinClient } from './coins';
import { CostChanged, NotEnoughCoins, WalletUnavailable } from './errors';
import { newId } from './ids';

// Paying for text that reaches the model (README): every member-written text a prompt can carry
// keeps the code points already paid for it (its paid room), and saving text of n code points
// costs max(0, n − paid) coins (contracts saveCost), taken through the wallet's debit as a send's
// are, before the text is written. A save that adds nothing moves no coin and needs no wallet.

export interface TextSave {
  /** What is saved, the opId's stem: `chat-edit:<messageId>`, `chat-memory:<chatId>`, `chat-summary:<chatId>`. */
  subject: string;
  /** The coin history's line (coins.ts SAVE_DEBIT_DESCRIPTIONS). */
  description: string;
  text: string;
  /** The code points already paid for this text's place. */
  paid: number;
  /** The cost the client showed on its save button, when it sent one. */
  shownCost?: number;
}

export interface PaidRoom {
  /**
   * Takes the coins `save` costs, then `write`s it with the paid room it has then. Refused before
   * any coin moves when it costs more than shown (CostChanged); NotEnoughCoins when the wallet says
   * so; WalletUnavailable when the debit got no answer (refunded, as a send's). A write that fails
   * gives the coins back. Nothing is written unless it was paid.
   */
  save<T>(actor: Actor, save: TextSave, write: (paid: number) => Promise<T>): Promise<T>;
}

export function createPaidRoom({ coins, logger, debitTimeoutMs, now = Date.now }: { coins: CoinClient; logger: Logger; debitTimeoutMs: number; now?: () => number }): PaidRoom {
  const log = logger.child({ component: 'paid-room' });

  /** The refund goes through the outbox (coins.ts), so a broker outage only delays it. */
  async function refund(opId: string, userId: string): Promise<void> {
    await coins.requestRefund({ opId, userId, reason: 'save not written' }).catch((error: unknown) => {
      log.error({ opId, err: error instanceof Error ? error.message : String(error) }, 'could not ask for the refund of a save');
    });
  }

  return {
    async save(actor, save, write) {
      const cost = saveCost(save.text, save.paid);
      if (save.shownCost !== undefined && save.shownCost < cost) throw new CostChanged(cost);
      const paid = paidRoomAfter(save.text, save.paid);
      if (cost === 0) return write(paid);
      // One opId per save: a later save of the same text is a new debit, and this one's refund is its own.
      const opId = `${save.subject}:${newId()}`;
      let debit;
      try {
        debit = await coins.debit({ opId, userId: actor.id, amount: cost, deadline: now() + debitTimeoutMs, description: save.description });
      } catch (error) {
        // No answer: the coins may or may not have been taken. The refund request undoes either.
        log.warn({ opId, err: error instanceof Error ? error.message : String(error) }, 'save debit unanswered; refunding');
        await refund(opId, actor.id);
        throw new WalletUnavailable();
      }
      if (debit.status === 'insufficient') throw new NotEnoughCoins(debit.balance, cost);
      if (debit.status === 'void') throw new WalletUnavailable();
      try {
        return await write(paid);
      } catch (error) {
        await refund(opId, actor.id);
        throw error;
      }
    },
  };
}
