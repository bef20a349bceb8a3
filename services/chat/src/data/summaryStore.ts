import { collectionOf, insertOnce, putById } from '@lakorn/service-kit';
import { pageNumberOf } from './messagePages';
import type { ChatModels, SummaryCheckpointDoc, SummaryDoc } from './models';

// A chat's summary (one document keyed by the chat) and its checkpoints, one per message page
// (`"<chatId>:<page>"`): every read is by `_id` (equality, one document each, read together: FerretDB
// pushes down equality, not `$in`), so no summary read grows with the chat.

/** `paid`: the member's paid room for it (README "Paying for text that reaches the model"), kept by every write. */
export type SummaryState = Pick<SummaryDoc, 'text' | 'coveredTo' | 'edited' | 'paid' | 'savedBy'>;

export interface SummaryStore {
  get(chatId: string): Promise<SummaryDoc | null>;
  /**
   * Writes the summary if it is still at revision `rev` (0: none yet), with the next revision, and
   * the checkpoint of the page its coverage ends in. False when someone changed it meanwhile.
   */
  replaceAt(chatId: string, userId: string, rev: number, state: SummaryState, at: Date): Promise<boolean>;
  /** Writes the summary whatever it was (the member's edit, a rewind, a branch), with the next revision; its paid room never falls. */
  put(chatId: string, userId: string, state: SummaryState, at: Date): Promise<SummaryDoc>;
  /**
   * The checkpoint covering the most places below `before` among the pages up to `before`'s
   * (looked for in the `probe` pages below it, by `_id`), or null.
   */
  checkpointBefore(chatId: string, before: number, probe?: number): Promise<SummaryCheckpointDoc | null>;
  /** Forgets the checkpoints of pages `fromPage`..`toPage` (they cover turns that went). */
  dropCheckpoints(chatId: string, fromPage: number, toPage: number): Promise<void>;
  /** The checkpoints of pages 0..`toPage` (a branch copies them), by `_id`. */
  checkpointsUpTo(chatId: string, toPage: number): Promise<SummaryCheckpointDoc[]>;
  putCheckpoints(docs: SummaryCheckpointDoc[]): Promise<void>;
}

export const checkpointId = (chatId: string, page: number) => `${chatId}:${page}`;

export function createSummaryStore(models: ChatModels): SummaryStore {
  const summaries = collectionOf(models.summaries);
  const checkpoints = collectionOf(models.summaryCheckpoints);

  const byIds = async (ids: string[]) =>
    (await Promise.all(ids.map((_id) => checkpoints.findOne({ _id })))).filter((c): c is SummaryCheckpointDoc => c !== null);

  async function checkpoint(doc: SummaryDoc): Promise<void> {
    if (doc.coveredTo < 1) return;
    const { chatId, userId, text, coveredTo, edited } = doc;
    await putById(checkpoints, { _id: checkpointId(chatId, pageNumberOf(coveredTo)), chatId, userId, text, coveredTo, edited, at: doc.updatedAt });
  }

  const docOf = (chatId: string, userId: string, rev: number, state: SummaryState, at: Date): SummaryDoc => ({
    _id: chatId,
    chatId,
    userId,
    text: state.text,
    coveredTo: state.coveredTo,
    edited: state.edited,
    rev,
    ...(state.paid ? { paid: state.paid } : {}),
    ...(state.savedBy ? { savedBy: state.savedBy } : {}),
    updatedAt: at,
  });

  return {
    get: (chatId) => summaries.findOne({ _id: chatId }),

    async replaceAt(chatId, userId, rev, state, at) {
      const doc = docOf(chatId, userId, rev + 1, state, at);
      const written =
        rev === 0
          ? (await insertOnce(() => summaries.insertOne(doc))) === 'inserted'
          : (await summaries.replaceOne({ _id: chatId, rev }, doc)).matchedCount === 1;
      if (written) await checkpoint(doc);
      return written;
    },

    async put(chatId, userId, state, at) {
      const current = await summaries.findOne({ _id: chatId });
      const paid = Math.max(current?.paid ?? 0, state.paid ?? 0);
      // The paid save that last wrote it stays named (a sweep reads it), as its paid room stays.
      const doc = docOf(chatId, userId, (current?.rev ?? 0) + 1, { ...state, paid, savedBy: state.savedBy ?? current?.savedBy }, at);
      await putById(summaries, doc);
      await checkpoint(doc);
      return doc;
    },

    async checkpointBefore(chatId, before, probe = 3) {
      const top = pageNumberOf(Math.max(before - 1, 0));
      const ids: string[] = [];
      for (let page = top; page >= 0 && page > top - probe; page--) ids.push(checkpointId(chatId, page));
      const found = await byIds(ids);
      return found.filter((c) => c.coveredTo < before).sort((a, b) => b.coveredTo - a.coveredTo)[0] ?? null;
    },

    async dropCheckpoints(chatId, fromPage, toPage) {
      const ids: string[] = [];
      for (let page = Math.max(fromPage, 0); page <= toPage; page++) ids.push(checkpointId(chatId, page));
      await Promise.all(ids.map((_id) => checkpoints.deleteOne({ _id })));
    },

    async checkpointsUpTo(chatId, toPage) {
      const ids: string[] = [];
      for (let page = 0; page <= toPage; page++) ids.push(checkpointId(chatId, page));
      return byIds(ids);
    },

    async putCheckpoints(docs) {
      for (const doc of docs) await putById(checkpoints, doc);
    },
  };
}
