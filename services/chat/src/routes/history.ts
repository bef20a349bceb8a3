import { Router } from 'express';
import { BranchChatBody, ChatIdParams, EditMessageBody, MessageIdParams, RewindQuery, type Chat, type Message, type RewindResult } from '@lakorn/contracts';
import { assertSelf, parse } from '@lakorn/service-kit';
import type { History } from '../domain/history';
import { memberRoute } from './member';

/** Edit, rewind, branch (README "Edit, rewind, branch"): the chat's owner only; an edit pays what it adds. */
export function historyRoutes({ history }: { history: History }): Router {
  const router = Router();

  router.put('/api/messages/:id', memberRoute(MessageIdParams, async ({ actor, params, req, res }) => {
    const body = parse(EditMessageBody, req.body);
    assertSelf(actor, body.userId);
    res.json((await history.edit(actor, params.id, body.content, body.cost)) satisfies Message);
  }));

  router.delete('/api/chats/:id/messages', memberRoute(ChatIdParams, async ({ actor, params, req, res }) => {
    const { from, count } = parse(RewindQuery, req.query);
    res.json((await history.rewind(actor, params.id, from, count)) satisfies RewindResult);
  }));

  router.post('/api/chats/:id/branch', memberRoute(ChatIdParams, async ({ actor, params, req, res }) => {
    const body = parse(BranchChatBody, req.body);
    assertSelf(actor, body.userId);
    res.status(201).json((await history.branch(actor, params.id, body.fromMessageId)) satisfies Chat);
  }));

  return router;
}
