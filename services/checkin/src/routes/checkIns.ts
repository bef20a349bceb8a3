import { Router } from 'express';
import { CalendarQuery, CheckInBody, type CheckInResult } from '@lakorn/contracts';
import { assertSelf, parse, requireActor } from '@lakorn/service-kit';
import type { CheckIns } from '../domain/checkIns';

/** spec §7: the signed-in user's monthly calendar and today's check-in. */
export function checkInRoutes(checkIns: CheckIns): Router {
  const router = Router();

  router.get('/api/checkin/calendar', async (req, res) => {
    const actor = requireActor(req);
    const query = parse(CalendarQuery, req.query);
    assertSelf(actor, query.userId, query.uid);
    const month = query.year !== undefined && query.month !== undefined ? { year: query.year, month: query.month } : undefined;
    res.json(await checkIns.calendar(actor.id, month));
  });

  router.post('/api/checkin', async (req, res) => {
    const actor = requireActor(req);
    // spec §7 sends the uid as `userId`; the profile id names the same user. Either is the actor,
    // and the credit always goes to the profile id, which keys the wallet.
    const body = parse(CheckInBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const result: CheckInResult = { checkin: await checkIns.checkIn(actor.id) };
    res.status(201).json(result);
  });

  return router;
}
