import { Router } from 'express';
import { AdminActorBody, CreateNewsBody, IdParams } from '@lakorn/contracts';
import { assertSelf, notFound, parse, requireActor, requireAdmin } from '@lakorn/service-kit';
import type { NewsStore } from '../data';

/** spec §7 News and check-in / Admin: the news list, and its admin-only writes. */
export function newsRoutes(news: NewsStore): Router {
  const router = Router();

  router.get('/api/news', async (req, res) => {
    requireActor(req);
    res.json(await news.list());
  });

  router.post('/api/admin/news', async (req, res) => {
    const actor = requireAdmin(req);
    const body = parse(CreateNewsBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const item = await news.create({ title: body.title, content: body.content, type: body.type, imageUrl: body.imageUrl, createdBy: actor.id });
    res.status(201).json(item);
  });

  router.delete('/api/admin/news/:id', async (req, res) => {
    const actor = requireAdmin(req);
    const { id } = parse(IdParams, req.params);
    const body = parse(AdminActorBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    if (!(await news.remove(id))) throw notFound('News item not found');
    res.status(204).end();
  });

  return router;
}
