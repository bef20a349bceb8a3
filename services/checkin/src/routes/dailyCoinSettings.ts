import { Router } from 'express';
import type { AdminAudit } from '@lakorn/service-kit';
import { UpdateDailyCoinBody } from '@lakorn/contracts';
import type { DailyCoinSettings } from '../domain/dailyCoinSettings';
import { adminCall, memberList } from './admin';

/** spec §7: the seven weekday amounts; the admin saves one day per call. */
export function dailyCoinSettingRoutes(settings: DailyCoinSettings, audit: AdminAudit): Router {
  const router = Router();
  memberList(router, '/api/daily-coin-settings', settings.list);
  router.post('/api/admin/daily-coin-settings', async (req, res) => {
    const { admin, body } = adminCall(req, UpdateDailyCoinBody);
    const setting = await settings.set(body.dayOfWeek, body.coinAmount);
    await audit.record(admin, { action: 'dailyCoins.set', targetType: 'dayOfWeek', targetId: String(body.dayOfWeek), details: { coinAmount: body.coinAmount } });
    res.json(setting);
  });
  return router;
}
