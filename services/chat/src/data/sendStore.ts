import type { SendMessageResult } from '@lakorn/contracts';
import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { ChatModels, LegacySendResult, PendingSendDoc, ResolutionDoc, SendDoc, SendOutcome } from './models';

/** A send as the domain reads it: its outcome named, whichever way it was recorded. */
export type RecordedSend = Omit<SendDoc, 'result'> & { result: SendOutcome | null };

export interface SendStore {
  /** Inserts the send and its pending marker; false when the key was used before (a repeat). */
  begin(send: RecordedSend): Promise<boolean>;
  get(key: string): Promise<RecordedSend | null>;
  /** Inserts the resolution; answers the one that stands (this one, or the one inserted first). */
  resolve(resolution: ResolutionDoc): Promise<{ won: boolean; resolution: ResolutionDoc }>;
  resolutionOf(messageId: string): Promise<ResolutionDoc | null>;
  /** Records the outcome for repeats and drops the pending marker. */
  finish(key: string, outcome: SendOutcome): Promise<void>;
  /** Pending sends whose handler has surely given up. */
  expired(now: Date, limit: number): Promise<PendingSendDoc[]>;
  removeOfUser(userId: string): Promise<void>;
}

/**
 * A send recorded before outcomes had names holds its HTTP answer: 200 was a delivery, 402 the
 * wallet's refusal (its body carried balance and cost), 503 a refund or a void debit (both were
 * answered alike, so either name gives the same answer).
 */
function outcomeOf(result: SendOutcome | LegacySendResult | null): SendOutcome | null {
  if (result === null || 'kind' in result) return result;
  if (result.status === 200) return { kind: 'delivered', answer: result.body as SendMessageResult };
  if (result.status === 402) {
    const { balance, cost } = result.body as { balance: number; cost: number };
    return { kind: 'insufficient', balance, cost };
  }
  return { kind: 'refunded' };
}

export function createSendStore(models: ChatModels): SendStore {
  const sends = collectionOf(models.sends);
  const pendingSends = collectionOf(models.pendingSends);
  const resolutions = collectionOf(models.resolutions);
  return {
    async begin(send) {
      if ((await insertOnce(() => sends.insertOne(send))) === 'exists') return false;
      await pendingSends.insertOne({ _id: send._id, messageId: send.messageId, userId: send.userId, expiresAt: send.expiresAt });
      return true;
    },
    async get(key) {
      const send = await sends.findOne({ _id: key });
      return send && { ...send, result: outcomeOf(send.result) };
    },
    async resolve(resolution) {
      if ((await insertOnce(() => resolutions.insertOne(resolution))) === 'inserted') return { won: true, resolution };
      const standing = await resolutions.findOne({ _id: resolution._id });
      if (!standing) throw new Error(`resolution of ${resolution._id} refused but not found`);
      return { won: false, resolution: standing };
    },
    resolutionOf: (messageId) => resolutions.findOne({ _id: messageId }),
    async finish(key, outcome) {
      await sends.updateOne({ _id: key }, { $set: { result: outcome } });
      await pendingSends.deleteOne({ _id: key });
    },
    expired: (now, limit) => pendingSends.find({ expiresAt: { $lt: now } }).limit(limit).toArray(),
    async removeOfUser(userId) {
      await pendingSends.deleteMany({ userId });
      await sends.deleteMany({ userId });
    },
  };
}
