import { Router } from 'express';
import { ChatIdParams, PinParams, SummaryBody, type ChatSummaryView, type Pin } from '@lakorn/contracts';
import { assertSelf, parse } from '@lakorn/service-kit';
import type { Pins } from '../domain/pins';
import type { Summaries } from '../domain/summaries';
import { memberRoute, noStore } from './member';

/**
 * Memory that keeps up (README): a chat's summary of the turns its window dropped (read and edited
 * by the member) and its pinned messages. The member's summary edit pays what it adds (README
 * "Paying for text that reaches the model"); pins are free.
 */
export function memoryRoutes({ summaries, pins }: { summaries: Summaries; pins: Pins }): Router {
  const router = Router();

  router.get('/api/chats/:id/summary', memberRoute(ChatIdParams, async ({ actor, params, res }) => {
    noStore(res);
    res.json((await summaries.view(actor, params.id)) satisfies ChatSummaryView);
  }));

  router.put('/api/chats/:id/summary', memberRoute(ChatIdParams, async ({ actor, params, req, res }) => {
    const body = parse(SummaryBody, req.body);
    assertSelf(actor, body.userId);
    res.json((await summaries.edit(actor, params.id, body.summary, body.cost)) satisfies ChatSummaryView);
  }));

  router.get('/api/chats/:id/pins', memberRoute(ChatIdParams, async ({ actor, params, res }) => {
    noStore(res);
    res.json((await pins.list(actor, params.id)) satisfies Pin[]);
  }));

  router.post('/api/messages/:id/pin', memberRoute(PinParams, async ({ actor, params, res }) => {
    const { pin, created } = await pins.pin(actor, params.id);
    res.status(created ? 201 : 200).json(pin satisfies Pin);
  }));

  router.delete('/api/messages/:id/pin', memberRoute(PinParams, async ({ actor, params, res }) => {
    await pins.unpin(actor, params.id);
    res.status(204).end();
  }));

  return router;
}
