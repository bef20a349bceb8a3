import { Router } from 'express';
import { CharacterIdParams, type CharacterStats } from '@lakorn/contracts';
import { parse, requireActor } from '@lakorn/service-kit';
import type { CharacterStatsBook } from '../domain/characterStats';

/** GET /api/characters/{id}/stats: the creator's numbers (README "Creator stats"), owner and admins only. */
export function statsRoutes({ stats }: { stats: Pick<CharacterStatsBook, 'of'> }): Router {
  const router = Router();
  router.get('/api/characters/:id/stats', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(CharacterIdParams, req.params);
    // The owner's own numbers: never kept by a shared cache.
    res.setHeader('Cache-Control', 'private, no-store');
    res.json((await stats.of(actor, id)) satisfies CharacterStats);
  });
  return router;
}
