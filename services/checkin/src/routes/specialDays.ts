import { Router } from 'express';
import type { AdminAudit } from '@lakorn/service-kit';
import { CreateSpecialDayBody } from '@lakorn/contracts';
import type { SpecialDays } from '../domain/specialDays';
import { adminCall, adminRemoval, memberList } from './admin';

/** spec §7: special check-in days, one per date; writes are admin only. */
export function specialDayRoutes(specialDays: SpecialDays, audit: AdminAudit): Router {
  const router = Router();
  memberList(router, '/api/special-checkin-days', specialDays.list);
  router.post('/api/admin/special-checkin-days', async (req, res) => {
    const { admin, body } = adminCall(req, CreateSpecialDayBody);
    const day = await specialDays.add({ date: body.date, coinAmount: body.coinAmount, description: body.description }, admin.id);
    await audit.record(admin, { action: 'specialDay.add', targetType: 'specialDay', targetId: day.id, details: { date: day.date, coinAmount: day.coinAmount } });
    res.status(201).json(day);
  });
  adminRemoval(router, '/api/admin/special-checkin-days', specialDays.remove, { log: audit, action: 'specialDay.remove', targetType: 'specialDay' });
  return router;
}
