import { collectionOf, putById } from '@lakorn/service-kit';
import type { ChatModels, RatingDoc } from './models';

// Ratings of answers (chat README "Ratings"): one document per rated (message, answer n), written by
// its member only. They go with their chat, their member and a rewind (chatStore).

export interface RatingStore {
  /** The rating of answer n of a message, if any. */
  get(messageId: string, n: number): Promise<RatingDoc | null>;
  /** Sets (1, -1) the rating of an answer. */
  set(doc: RatingDoc): Promise<void>;
  /** Clears the rating of an answer. */
  clear(messageId: string, n: number): Promise<void>;
  /** The ratings of the messages on these pages (each page one equality read, together). */
  ofPages(pages: string[]): Promise<RatingDoc[]>;
  /** Every rating in a chat (the full message list). */
  ofChat(chatId: string): Promise<RatingDoc[]>;
}

export const ratingId = (messageId: string, n: number) => `${messageId}:${n}`;

export function createRatingStore(models: ChatModels): RatingStore {
  const ratings = collectionOf(models.ratings);
  return {
    get: (messageId, n) => ratings.findOne({ _id: ratingId(messageId, n) }),
    async set(doc) {
      // Two taps at once must not meet FerretDB's upsert race (a find, then an insert).
      await putById(ratings, doc);
    },
    async clear(messageId, n) {
      await ratings.deleteOne({ _id: ratingId(messageId, n) });
    },
    async ofPages(pages) {
      return (await Promise.all([...new Set(pages)].map((page) => ratings.find({ page }).toArray()))).flat();
    },
    ofChat: (chatId) => ratings.find({ chatId }).toArray(),
  };
}
