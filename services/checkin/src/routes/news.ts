import { Router } from 'express';
import type { AdminAudit } from '@lakorn/service-kit';
import { CreateNewsBody } from '@lakorn/contracts';
import type { News } from '../domain/news';
import { adminCall, adminRemoval, memberList } from './admin';

/** spec §7 News and check-in / Admin: the news list, and its admin-only writes. */
export function newsRoutes(news: News, audit: AdminAudit): Router {
  const router = Router();
  memberList(router, '/api/news', news.list);
  router.post('/api/admin/news', async (req, res) => {
    const { admin, body } = adminCall(req, CreateNewsBody);
    const item = await news.publish({ title: body.title, content: body.content, type: body.type, imageUrl: body.imageUrl }, admin.id);
    await audit.record(admin, { action: 'news.publish', targetType: 'news', targetId: item.id, details: { title: item.title } });
    res.status(201).json(item);
  });
  adminRemoval(router, '/api/admin/news', news.remove, { log: audit, action: 'news.remove', targetType: 'news' });
  return router;
}
