import { Router } from 'express';
import { CharacterIdParams, type CharacterShare } from '@lakorn/contracts';
import { parse } from '@lakorn/service-kit';
import type { Catalog } from '../domain/characters';

/**
 * The gateway's read for the share page /c/{id} (gateway README "Share pages"): a public, visible,
 * all-ages character's name, description and image, else 404. Outside /api, like identity's
 * /internal/sessions/ended, so the gateway never proxies it: its route table sends no /internal
 * path to a service, and the web routes answer such a path with the shell's page.
 */
export function shareRoutes({ catalog }: { catalog: Catalog }): Router {
  const router = Router();
  router.get('/internal/characters/:id/share', async (req, res) => {
    const { id } = parse(CharacterIdParams, req.params);
    // The gateway keeps its own short-lived copy (gateway README "Share pages").
    res.setHeader('Cache-Control', 'no-store');
    res.json((await catalog.share(id)) satisfies CharacterShare);
  });
  return router;
}
