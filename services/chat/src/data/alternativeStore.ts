import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { AlternativeDoc, ChatModels } from './models';

// A message's answers (swipes, and a greeting's alternate greetings): one document per (message, n)
// under a unique index (ARCHITECTURE §2: invariants are inserts against unique indexes), and the
// message's own `content`, `selectedAlt` and `alternativeCount`, which say which answer counts.
// They go with their chat and their member (chatStore.removeChats, removeChatsOfUser).

export interface AlternativeStore {
  /** A message's answers, ready or claimed, by n. */
  ofMessage(messageId: string): Promise<AlternativeDoc[]>;
  /** The ready answers of the messages on these pages (each page one equality read, together). */
  ofPages(pages: string[]): Promise<AlternativeDoc[]>;
  /** The ready answers of every message of a chat (the full message list). */
  ofChat(chatId: string): Promise<AlternativeDoc[]>;
  /** Inserts an answer (claimed or ready); false when that (message, n) exists. */
  claim(doc: AlternativeDoc): Promise<boolean>;
  /** A claimed answer is delivered: its text, ready. */
  fill(messageId: string, n: number, content: string, offline: boolean): Promise<void>;
  /**
   * A claimed answer whose send was refunded: kept as failed, never shown, and its n is not given
   * again (its opId chat:<replyId>:alt<n> is spent: the wallet answers a second debit of it from
   * the first). It keeps its place among the ALTERNATIVES_MAX.
   */
  fail(messageId: string, n: number): Promise<void>;
  /** A claimed answer whose send was never recorded (no coin moved) gives its n back. */
  release(messageId: string, n: number): Promise<void>;
  /** The message's text is answer n of `count`. */
  select(messageId: string, n: number, count: number, content: string): Promise<void>;
}

export const alternativeId = (messageId: string, n: number) => `${messageId}:${n}`;

const byN = (a: AlternativeDoc, b: AlternativeDoc) => a.n - b.n;

export function createAlternativeStore(models: ChatModels): AlternativeStore {
  const alternatives = collectionOf(models.alternatives);
  const messages = collectionOf(models.messages);
  return {
    async ofMessage(messageId) {
      return (await alternatives.find({ messageId }).toArray()).sort(byN);
    },
    async ofPages(pages) {
      const found = await Promise.all([...new Set(pages)].map((page) => alternatives.find({ page }).toArray()));
      return found.flat().filter((a) => a.ready);
    },
    async ofChat(chatId) {
      return (await alternatives.find({ chatId }).toArray()).filter((a) => a.ready);
    },
    claim: async (doc) => (await insertOnce(() => alternatives.insertOne(doc))) === 'inserted',
    async fill(messageId, n, content, offline) {
      await alternatives.updateOne({ _id: alternativeId(messageId, n) }, { $set: { content, offline, ready: true, at: new Date() } });
    },
    async fail(messageId, n) {
      await alternatives.updateOne({ _id: alternativeId(messageId, n), ready: false }, { $set: { failed: true } });
    },
    async release(messageId, n) {
      await alternatives.deleteOne({ _id: alternativeId(messageId, n), ready: false });
    },
    async select(messageId, n, count, content) {
      await messages.updateOne({ _id: messageId }, { $set: { content, selectedAlt: n, alternativeCount: count } });
    },
  };
}
