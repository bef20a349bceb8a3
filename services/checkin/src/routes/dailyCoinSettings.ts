import { Router } from 'express';
import { UpdateDailyCoinBody } from '@lakorn/contracts';
import { assertSelf, parse, requireActor, requireAdmin } from '@lakorn/service-kit';
import type { DailyCoinSettingStore } from '../data';

/** spec §7: the seven weekday amounts; the admin saves one day per call. */
export function dailyCoinSettingRoutes(settings: DailyCoinSettingStore): Router {
  const router = Router();

  router.get('/api/daily-coin-settings', async (req, res) => {
    requireActor(req);
    res.json(await settings.list());
  });

  router.post('/api/admin/daily-coin-settings', async (req, res) => {
    const actor = requireAdmin(req);
    const body = parse(UpdateDailyCoinBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    res.json(await settings.set(body.dayOfWeek, body.coinAmount));
  });

  return router;
}
