import { randomUUID } from 'node:crypto';
import type { NewsItem, NewsType } from '@lakorn/contracts';
import type { CheckinModels, NewsDoc } from './models';

/** The newest items a list answers (the page shows a carousel and a short list). */
export const NEWS_LIST_LIMIT = 100;

function toNewsItem(doc: NewsDoc): NewsItem {
  return {
    id: doc._id,
    title: doc.title,
    content: doc.content,
    type: doc.type,
    ...(doc.imageUrl ? { imageUrl: doc.imageUrl } : {}),
    createdAt: doc.createdAt.toISOString(),
  };
}

export function createNewsStore({ news }: CheckinModels) {
  return {
    /** Newest first (spec §7 GET /api/news). */
    list: async (): Promise<NewsItem[]> => {
      const docs = await news.find().sort({ createdAt: -1, _id: -1 }).limit(NEWS_LIST_LIMIT).lean<NewsDoc[]>().exec();
      return docs.map(toNewsItem);
    },

    create: async (fields: { title: string; content: string; type: NewsType; imageUrl?: string; createdBy: string }): Promise<NewsItem> => {
      const doc: NewsDoc = { _id: randomUUID(), ...fields, createdAt: new Date() };
      if (!fields.imageUrl) delete doc.imageUrl;
      await news.create(doc);
      return toNewsItem(doc);
    },

    /** False when no item has this id. */
    remove: async (id: string): Promise<boolean> => (await news.deleteOne({ _id: id }).exec()).deletedCount > 0,
  };
}

export type NewsStore = ReturnType<typeof createNewsStore>;
