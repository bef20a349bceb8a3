import type { SendMessageResult } from '@lakorn/contracts';
import { collectionOf, insertOnce, putById } from '@lakorn/service-kit';
import type { ChatModels, LegacySendResult, PendingSendDoc, ResolutionDoc, ResolutionKind, SaveDoc, SendDoc, SendOutcome } from './models';

/** A send as the domain reads it: its outcome named, whichever way it was recorded. */
export type RecordedSend = Omit<SendDoc, 'result' | 'pending'> & { result: SendOutcome | null };

/**
 * A send the sweeper may have to finish: its key, when its handler gives up for sure, and whether
 * it was marked in the earlier two-insert form (a marker of its own, dropped once it is finished).
 */
export type PendingSend = Pick<PendingSendDoc, '_id' | 'expiresAt'> & { marker?: true; instance?: string };

export interface SendStore {
  /**
   * Records the send, pending, in one insert (so every crash point leaves either nothing or a
   * send the sweeper sees); false when the key was used before (a repeat).
   */
  begin(send: RecordedSend): Promise<boolean>;
  get(key: string): Promise<RecordedSend | null>;
  /** Inserts the resolution; answers the one that stands (this one, or the one inserted first). */
  resolve(resolution: ResolutionDoc): Promise<{ won: boolean; resolution: ResolutionDoc }>;
  resolutionOf(messageId: string): Promise<ResolutionDoc | null>;
  /** Records the outcome for repeats; the send is no longer pending. */
  finish(key: string, outcome: SendOutcome): Promise<void>;
  /** Every pending send (few: only those under way), with its deadline and process. */
  pending(limit: number): Promise<PendingSend[]>;
  /** Whether one of the member's sends in this chat is under way (its messages may still be stored). */
  pendingInChat(userId: string, chatId: string): Promise<boolean>;
  /** Records that this chat process is running (ChatInstanceDoc). */
  seen(instance: string, at: Date): Promise<void>;
  /** When a chat process was last seen running (null: never, or forgotten). */
  lastSeen(instance: string): Promise<Date | null>;
  /** Drops a marker of the earlier form once its send is finished. */
  dropMarker(key: string): Promise<void>;
  /** A paid save's journal (SaveDoc): recorded pending in one insert before its debit. */
  beginSave(save: Omit<SaveDoc, 'pending' | 'result'>): Promise<void>;
  /** Inserts a save's resolution, as `resolve` does for sends (not counted as a send's outcome). */
  resolveSave(resolution: ResolutionDoc): Promise<{ won: boolean; resolution: ResolutionDoc }>;
  /** The save is settled: no longer pending. */
  finishSave(opId: string, result: ResolutionKind): Promise<void>;
  /** Every pending save (few: only those under way). */
  pendingSaves(limit: number): Promise<SaveDoc[]>;
  removeOfUser(userId: string): Promise<void>;
}

/**
 * A send recorded before outcomes had names holds its HTTP answer: 200 was a delivery, 402 the
 * wallet's refusal (its body carried balance and cost), 503 a refund or a void debit (answered
 * alike then; read as a refund, since a void debit was rare and the record does not say which).
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
  const instances = collectionOf(models.instances);
  const saves = collectionOf(models.saves);
  async function resolve(resolution: ResolutionDoc) {
    if ((await insertOnce(() => resolutions.insertOne(resolution))) === 'inserted') return { won: true, resolution };
    const standing = await resolutions.findOne({ _id: resolution._id });
    if (!standing) throw new Error(`resolution of ${resolution._id} refused but not found`);
    return { won: false, resolution: standing };
  }
  return {
    begin: async (send) => (await insertOnce(() => sends.insertOne({ ...send, pending: true }))) === 'inserted',
    async get(key) {
      const send = await sends.findOne({ _id: key });
      return send && { ...send, result: outcomeOf(send.result) };
    },
    resolve,
    resolutionOf: (messageId) => resolutions.findOne({ _id: messageId }),
    async finish(key, outcome) {
      await sends.updateOne({ _id: key }, { $set: { result: outcome }, $unset: { pending: '' } });
    },
    async pending(limit) {
      // Only the pending mark is matched in the database: an equality its index serves (FerretDB
      // pushes no range down, ARCHITECTURE §2); the few in-flight sends are filtered by the caller.
      const projection = { _id: 1, expiresAt: 1, instance: 1 } as const;
      const [current, earlier] = await Promise.all([
        sends.find({ pending: true }, { projection }).toArray(),
        pendingSends.find({}, { projection }).toArray(),
      ]);
      return [...current, ...earlier.map((marker) => ({ ...marker, marker: true as const }))].slice(0, limit);
    },
    async pendingInChat(userId, chatId) {
      // Equalities only (the member's index serves them); a member has few sends under way.
      return (await sends.findOne({ userId, chatId, pending: true }, { projection: { _id: 1 } })) !== null;
    },
    seen: (instance, at) => putById(instances, { _id: instance, seenAt: at }),
    async lastSeen(instance) {
      return (await instances.findOne({ _id: instance }))?.seenAt ?? null;
    },
    async dropMarker(key) {
      await pendingSends.deleteOne({ _id: key });
    },
    async beginSave(save) {
      await saves.insertOne({ ...save, pending: true });
    },
    resolveSave: resolve,
    async finishSave(opId, result) {
      await saves.updateOne({ _id: opId }, { $set: { result }, $unset: { pending: '' } });
    },
    // Equality on the pending mark, as `pending` (its index serves it).
    pendingSaves: async (limit) => (await saves.find({ pending: true }).toArray()).slice(0, limit),
    async removeOfUser(userId) {
      await saves.deleteMany({ userId });
      await pendingSends.deleteMany({ userId });
      await sends.deleteMany({ userId });
    },
  };
}
