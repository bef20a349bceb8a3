import { Router } from 'express';
import { CreateSpecialDayBody } from '@lakorn/contracts';
import type { SpecialDays } from '../domain/specialDays';
import { adminCall, adminRemoval, memberList } from './admin';

/** spec §7: special check-in days, one per date; writes are admin only. */
export function specialDayRoutes(specialDays: SpecialDays): Router {
  const router = Router();
  memberList(router, '/api/special-checkin-days', specialDays.list);
  router.post('/api/admin/special-checkin-days', async (req, res) => {
    const { admin, body } = adminCall(req, CreateSpecialDayBody);
    res.status(201).json(await specialDays.add({ date: body.date, coinAmount: body.coinAmount, description: body.description }, admin));
  });
  adminRemoval(router, '/api/admin/special-checkin-days', specialDays.remove);
  return router;
}
