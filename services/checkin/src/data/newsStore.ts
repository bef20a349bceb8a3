import { randomUUID } from 'node:crypto';
import type { NewsItem } from '@lakorn/contracts';
import { collectionOf } from '@lakorn/service-kit';
import type { CheckinModels, NewsDoc } from './models';

/** The newest items a list answers (the page shows a carousel and a short list). */
const NEWS_LIST_LIMIT = 100;

const toNewsItem = ({ _id, title, content, type, imageUrl, createdAt }: NewsDoc): NewsItem => ({
  id: _id, title, content, type, ...(imageUrl ? { imageUrl } : {}), createdAt: createdAt.toISOString(),
});

export function createNewsStore(models: CheckinModels) {
  const news = collectionOf(models.news);
  return {
    /** Newest first (spec §7 GET /api/news). */
    list: async (): Promise<NewsItem[]> =>
      (await news.find().sort({ createdAt: -1, _id: -1 }).limit(NEWS_LIST_LIMIT).toArray()).map(toNewsItem),

    /** An item without an image has no `imageUrl` field at all. */
    create: async ({ imageUrl, ...fields }: Omit<NewsDoc, '_id'>): Promise<NewsItem> => {
      const doc: NewsDoc = { _id: randomUUID(), ...fields, ...(imageUrl ? { imageUrl } : {}) };
      await news.insertOne(doc);
      return toNewsItem(doc);
    },

    /** The item removed (its audit entry names it), or null when no item has this id. */
    remove: async (id: string): Promise<NewsItem | null> => {
      const doc = await news.findOne({ _id: id });
      return doc && (await news.deleteOne({ _id: id })).deletedCount > 0 ? toNewsItem(doc) : null;
    },
  };
}

export type NewsStore = ReturnType<typeof createNewsStore>;
