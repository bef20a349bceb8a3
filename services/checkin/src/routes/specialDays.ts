import { Router } from 'express';
import { AdminActorBody, CreateSpecialDayBody, IdParams, SPECIAL_DAY_EXISTS_CODE, SPECIAL_DAY_EXISTS_MESSAGE } from '@lakorn/contracts';
import { assertSelf, conflict, notFound, parse, requireActor, requireAdmin } from '@lakorn/service-kit';
import type { SpecialDayStore } from '../data';
import { specialDayDate } from '../domain/specialDays';

/** spec §7: special check-in days, one per date; writes are admin only. */
export function specialDayRoutes(specialDays: SpecialDayStore): Router {
  const router = Router();

  router.get('/api/special-checkin-days', async (req, res) => {
    requireActor(req);
    res.json(await specialDays.list());
  });

  router.post('/api/admin/special-checkin-days', async (req, res) => {
    const actor = requireAdmin(req);
    const body = parse(CreateSpecialDayBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const { created } = await specialDays.create({
      date: specialDayDate(body.date),
      coinAmount: body.coinAmount,
      description: body.description,
      createdBy: actor.id,
    });
    if (!created) throw conflict(SPECIAL_DAY_EXISTS_MESSAGE, SPECIAL_DAY_EXISTS_CODE);
    res.status(201).json(created);
  });

  // spec §7: "Status 204 means success with no body".
  router.delete('/api/admin/special-checkin-days/:id', async (req, res) => {
    const actor = requireAdmin(req);
    const { id } = parse(IdParams, req.params);
    const body = parse(AdminActorBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    if (!(await specialDays.remove(id))) throw notFound('Special day not found');
    res.status(204).end();
  });

  return router;
}
