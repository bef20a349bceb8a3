import { Router, type Response } from 'express';
import {
  ChatIdParams,
  ChatOfCharacterParams,
  ChatsOfUserParams,
  CreateChatBody,
  MemoryBody,
  SetChatPersonaBody,
  type Chat,
  type ChatMemory,
  type ChatPersona,
  type ChatSummary,
} from '@lakorn/contracts';
import { assertSelf, parse, requireActor } from '@lakorn/service-kit';
import type { Chats } from '../domain/chats';

/** Per-member answers are never kept by a shared cache. */
export function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store');
}

/** spec §7 "Chats ... memory": rooms, persona per chat and memory. */
export function chatRoutes({ chats }: { chats: Chats }): Router {
  const router = Router();

  router.post('/api/chats', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(CreateChatBody, req.body);
    assertSelf(actor, body.userId);
    res.status(201).json((await chats.create(actor, body, req.sessionToken)) satisfies Chat);
  });

  // Before /api/chats/:id so these two words are never taken for a chat id.
  router.get('/api/chats/user/:userId', async (req, res) => {
    const actor = requireActor(req);
    const { userId } = parse(ChatsOfUserParams, req.params);
    assertSelf(actor, userId);
    noStore(res);
    res.json((await chats.ofUser(actor)) satisfies ChatSummary[]);
  });

  router.get('/api/chats/character/:characterId', async (req, res) => {
    const actor = requireActor(req);
    const { characterId } = parse(ChatOfCharacterParams, req.params);
    noStore(res);
    res.json((await chats.ofCharacter(actor, characterId)) satisfies ChatSummary[]);
  });

  router.get('/api/chats/:id', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(ChatIdParams, req.params);
    noStore(res);
    res.json((await chats.get(actor, id)) satisfies Chat);
  });

  router.delete('/api/chats/:id', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(ChatIdParams, req.params);
    await chats.remove(actor, id);
    res.status(204).end();
  });

  router.get('/api/chats/:id/persona', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(ChatIdParams, req.params);
    noStore(res);
    res.json((await chats.persona(actor, id)) satisfies ChatPersona);
  });

  router.post('/api/chats/:id/persona', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(ChatIdParams, req.params);
    const body = parse(SetChatPersonaBody, req.body);
    assertSelf(actor, body.userId);
    res.json((await chats.setPersona(actor, id, body.personaId)) satisfies ChatPersona);
  });

  router.delete('/api/chats/:id/persona', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(ChatIdParams, req.params);
    await chats.clearPersona(actor, id);
    res.status(204).end();
  });

  router.get('/api/chats/:id/memory', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(ChatIdParams, req.params);
    noStore(res);
    res.json({ memory: await chats.memory(actor, id) } satisfies ChatMemory);
  });

  router.post('/api/chats/:id/memory', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(ChatIdParams, req.params);
    const body = parse(MemoryBody, req.body);
    assertSelf(actor, body.userId);
    res.json({ memory: await chats.setMemory(actor, id, body.memory) } satisfies ChatMemory);
  });

  router.delete('/api/chats/:id/memory', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(ChatIdParams, req.params);
    await chats.setMemory(actor, id, '');
    res.status(204).end();
  });

  return router;
}
