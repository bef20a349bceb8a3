import type { NewsItem, NewsType } from '@lakorn/contracts';
import type { NewsStore } from '../data/newsStore';
import { NewsNotFound } from './errors';

export interface NewsDraft {
  title: string;
  content: string;
  type: NewsType;
  /** A site path or http(s) URL; absent when the item has no image. */
  imageUrl?: string;
}

/** spec §2 News and check-in, Admin news: the news everyone reads and admins write. */
export function createNews({ store, now }: { store: NewsStore; now: () => Date }) {
  return {
    /** Newest first (spec §7 GET /api/news). */
    list: (): Promise<NewsItem[]> => store.list(),

    publish: (draft: NewsDraft, adminId: string): Promise<NewsItem> => store.create({ ...draft, createdBy: adminId, createdAt: now() }),

    async remove(id: string): Promise<void> {
      if (!(await store.remove(id))) throw new NewsNotFound();
    },
  };
}

export type News = ReturnType<typeof createNews>;
