import { Router } from 'express';
import { UpdateDailyCoinBody } from '@lakorn/contracts';
import type { DailyCoinSettings } from '../domain/dailyCoinSettings';
import { adminCall, memberList } from './admin';

/** spec §7: the seven weekday amounts; the admin saves one day per call. */
export function dailyCoinSettingRoutes(settings: DailyCoinSettings): Router {
  const router = Router();
  memberList(router, '/api/daily-coin-settings', settings.list);
  router.post('/api/admin/daily-coin-settings', async (req, res) => {
    const { admin, body } = adminCall(req, UpdateDailyCoinBody);
    res.json(await settings.set(body.dayOfWeek, body.coinAmount, admin));
  });
  return router;
}
