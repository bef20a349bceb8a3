import { Router } from 'express';
import { AlternativeParams, RateMessageBody, type RatingResult } from '@lakorn/contracts';
import { assertSelf, parse } from '@lakorn/service-kit';
import type { Ratings } from '../domain/ratings';
import { memberRoute } from './member';

/** POST /api/messages/{id}/rating: the member's thumb on a character's reply (chat README "Ratings"). */
export function ratingRoutes({ ratings }: { ratings: Ratings }): Router {
  const router = Router();
  router.post('/api/messages/:id/rating', memberRoute(AlternativeParams, async ({ actor, params: { id }, req, res }) => {
    const { userId, value } = parse(RateMessageBody, req.body);
    assertSelf(actor, userId);
    res.json({ value: await ratings.rate(actor, id, value) } satisfies RatingResult);
  }));
  return router;
}
