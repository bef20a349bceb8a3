import { paidRoomAfter, saveCost } from '@lakorn/contracts';
import type { Actor, Logger } from '@lakorn/service-kit';
import type { ResolutionDoc, ResolutionKind, SaveDoc, SaveKind } from '../data/models';
import type { SendStore } from '../data/sendStore';
import { SAVE_DEBIT_DESCRIPTIONS, type CoinClient } from './coins';
import { CostChanged, NotEnoughCoins, SaveUnsettled, WalletUnavailable } from './errors';
import { createHandlers, SWEEP_GRACE_MS } from './handlers';
import { newId } from './ids';

// Paying for text that reaches the model (README): every member-written text a prompt can carry
// keeps the code points already paid for it (its paid room), and saving text of n code points
// costs max(0, n − paid) coins (contracts saveCost), taken through the wallet's debit as a send's
// are, before the text is written. A save that adds nothing moves no coin and needs no wallet.
// A paid save is journaled as a send is (README "Sending a message"): recorded pending before the
// debit, decided once by a resolution insert, settled by the sweeper when its handler gave up, so
// no crash between the debit and the write keeps the coins.

export interface TextSave {
  /** What is saved: a message's text (edit, the message's id), the memory note or the summary (the chat's id). */
  of: { kind: SaveKind; id: string };
  text: string;
  /** The code points already paid for this text's place. */
  paid: number;
  /** The cost the client showed on its save button, when it sent one. */
  shownCost?: number;
}

/** Writes the text with its paid room; `savedBy` (a paid save's opId) goes on the written document. */
export type SaveWrite<T> = (paid: number, savedBy?: string) => Promise<T>;

export interface PaidRoom {
  /**
   * Takes the coins `save` costs, then `write`s it with the paid room it has then. Refused before
   * any coin moves when it costs more than shown (CostChanged); NotEnoughCoins when the wallet says
   * so; WalletUnavailable when the debit got no answer (refunded, as a send's). A write that fails
   * is left to the sweeper, which gives the coins back unless the text was written.
   */
  save<T>(actor: Actor, save: TextSave, write: SaveWrite<T>): Promise<T>;
  /** Settles the pending saves whose handler gave up: applied when their text was written, else refunded. */
  sweep(): Promise<number>;
}

export interface PaidRoomDeps {
  coins: CoinClient;
  /** The journal: saves, their resolutions, and the chat processes seen running. */
  store: SendStore;
  /** Whether the save `opId` wrote its text: the message, note or summary carries it as `savedBy`. */
  written(save: Pick<SaveDoc, '_id' | 'kind' | 'targetId'>): Promise<boolean>;
  logger: Logger;
  debitTimeoutMs: number;
  /** This process, named on the saves it handles (the sends' one). */
  instanceId: string;
  now?: () => Date;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createPaidRoom({ coins, store, written, logger, debitTimeoutMs, instanceId, now = () => new Date() }: PaidRoomDeps): PaidRoom {
  const log = logger.child({ component: 'paid-room' });
  const handlers = createHandlers({ instanceId, lastSeen: (instance) => store.lastSeen(instance), now });

  /**
   * Decides the save once (the handler and the sweeper race for the insert), gives the coins back
   * through the outbox when it was not written (idempotent: the wallet refunds or voids the opId),
   * and ends its journal. Answers the decision that stands.
   */
  async function settle(save: Pick<SaveDoc, '_id' | 'userId'>, kind: 'delivered' | 'refunded'): Promise<ResolutionKind> {
    const decision: ResolutionDoc = { _id: save._id, kind, reply: '', offline: false, balance: null, at: now() };
    const { resolution } = await store.resolveSave(decision);
    if (resolution.kind === 'refunded') await coins.requestRefund({ opId: save._id, userId: save.userId, reason: 'save not written' });
    await store.finishSave(save._id, resolution.kind);
    handlers.forget(save._id);
    return resolution.kind;
  }

  /** Settles in the handler; a failure leaves the save to the sweeper at once (not at its deadline). */
  async function settleOrLeave(save: SaveDoc, kind: 'delivered' | 'refunded'): Promise<void> {
    try {
      const stands = await settle(save, kind);
      if (stands !== kind) log.warn({ opId: save._id, decided: kind, stands }, 'a save was settled by the sweeper first');
    } catch (error) {
      log.warn({ opId: save._id, err: messageOf(error) }, 'could not settle a save; the sweeper settles it');
      handlers.giveUp(save._id);
    }
  }

  return {
    async save<T>(actor: Actor, save: TextSave, write: SaveWrite<T>): Promise<T> {
      const cost = saveCost(save.text, save.paid);
      if (save.shownCost !== undefined && save.shownCost < cost) throw new CostChanged(cost);
      const paid = paidRoomAfter(save.text, save.paid);
      if (cost === 0) return write(paid);
      // One opId per save: a later save of the same text is a new debit, and this one's refund is its own.
      const opId = `chat-${save.of.kind}:${save.of.id}:${newId()}`;
      const createdAt = now();
      const record: SaveDoc = {
        _id: opId,
        userId: actor.id,
        kind: save.of.kind,
        targetId: save.of.id,
        cost,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + debitTimeoutMs + SWEEP_GRACE_MS),
        instance: instanceId,
      };
      // One insert before any coin moves: every crash after it leaves a save the sweeper sees.
      await store.beginSave(record);
      let debit;
      try {
        debit = await coins.debit({ opId, userId: actor.id, amount: cost, deadline: createdAt.getTime() + debitTimeoutMs, description: SAVE_DEBIT_DESCRIPTIONS[save.of.kind] });
      } catch (error) {
        // No answer: the coins may or may not have been taken. The refund request undoes either.
        log.warn({ opId, err: messageOf(error) }, 'save debit unanswered; refunding');
        await settleOrLeave(record, 'refunded');
        throw new WalletUnavailable();
      }
      if (debit.status !== 'debited') {
        // Nothing was taken; a sweep of this record would only void the opId.
        await store.finishSave(opId, debit.status).catch(() => handlers.giveUp(opId));
        if (debit.status === 'insufficient') throw new NotEnoughCoins(debit.balance, cost);
        throw new WalletUnavailable();
      }
      let result: T;
      try {
        result = await write(paid, opId);
      } catch (error) {
        // Written or not (a lost acknowledgement), the sweeper reads which and settles it.
        log.warn({ opId, err: messageOf(error) }, 'save write failed after its debit; the sweeper settles it');
        handlers.giveUp(opId);
        throw new SaveUnsettled(messageOf(error));
      }
      await settleOrLeave(record, 'delivered');
      return result;
    },

    async sweep() {
      let settled = 0;
      const pending = await store.pendingSaves(500);
      for (const save of await handlers.overdue(pending, pending.length < 500, 100)) {
        try {
          const kind = await settle(save, (await written(save)) ? 'delivered' : 'refunded');
          log.info({ opId: save._id, outcome: kind }, 'swept a stuck save');
          settled += 1;
        } catch (error) {
          log.warn({ opId: save._id, err: messageOf(error) }, 'could not sweep a save');
        }
      }
      return settled;
    },
  };
}
