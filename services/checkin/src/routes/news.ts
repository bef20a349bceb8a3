import { Router } from 'express';
import { CreateNewsBody } from '@lakorn/contracts';
import type { News } from '../domain/news';
import { adminCall, adminRemoval, memberList } from './admin';

/** spec §7 News and check-in / Admin: the news list, and its admin-only writes. */
export function newsRoutes(news: News): Router {
  const router = Router();
  memberList(router, '/api/news', news.list);
  router.post('/api/admin/news', async (req, res) => {
    const { admin, body } = adminCall(req, CreateNewsBody);
    res.status(201).json(await news.publish({ title: body.title, content: body.content, type: body.type, imageUrl: body.imageUrl }, admin));
  });
  adminRemoval(router, '/api/admin/news', news.remove);
  return router;
}
