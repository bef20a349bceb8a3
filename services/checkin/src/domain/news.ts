import type { NewsItem, NewsType } from '@lakorn/contracts';
import type { Actor, AdminAudit } from '@lakorn/service-kit';
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
export function createNews({ store, now, audit }: { store: NewsStore; now: () => Date; audit: AdminAudit }) {
  return {
    /** Newest first (spec §7 GET /api/news). */
    list: (): Promise<NewsItem[]> => store.list(),

    /** Every admin write goes into the audit log (service-kit adminAudit). */
    async publish(draft: NewsDraft, admin: Actor): Promise<NewsItem> {
      const item = await store.create({ ...draft, createdBy: admin.id, createdAt: now() });
      await audit.record(admin, { action: 'news.publish', targetType: 'news', targetId: item.id, details: { title: item.title } });
      return item;
    },

    async remove(id: string, admin: Actor): Promise<void> {
      const removed = await store.remove(id);
      if (!removed) throw new NewsNotFound();
      await audit.record(admin, { action: 'news.remove', targetType: 'news', targetId: id, details: { title: removed.title } });
    },
  };
}

export type News = ReturnType<typeof createNews>;
