import { Router } from 'express';
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
import { assertSelf, parse } from '@lakorn/service-kit';
import type { CatalogClient } from '../domain/characters';
import type { Chats } from '../domain/chats';
import { memberRoute, NoParams, noStore } from './member';

/**
 * spec §7 "Chats ... memory": rooms, persona per chat and memory. Opening a room may ask the
 * catalog for a character chat has no copy of yet, as the caller: the route binds the caller's
 * session into a reader, so the domain never handles a credential.
 */
export function chatRoutes({ chats, catalog }: { chats: Chats; catalog: CatalogClient }): Router {
  const router = Router();

  router.post('/api/chats', memberRoute(NoParams, async ({ actor, req, res }) => {
    const body = parse(CreateChatBody, req.body);
    assertSelf(actor, body.userId);
    res.status(201).json((await chats.create(actor, body, catalog.as(req.sessionToken))) satisfies Chat);
  }));

  // Before /api/chats/:id so these two words are never taken for a chat id.
  router.get('/api/chats/user/:userId', memberRoute(ChatsOfUserParams, async ({ actor, params, res }) => {
    assertSelf(actor, params.userId);
    noStore(res);
    res.json((await chats.ofUser(actor)) satisfies ChatSummary[]);
  }));

  router.get('/api/chats/character/:characterId', memberRoute(ChatOfCharacterParams, async ({ actor, params, res }) => {
    noStore(res);
    res.json((await chats.ofCharacter(actor, params.characterId)) satisfies ChatSummary[]);
  }));

  router.get('/api/chats/:id', memberRoute(ChatIdParams, async ({ actor, params, res }) => {
    noStore(res);
    res.json((await chats.get(actor, params.id)) satisfies Chat);
  }));

  router.delete('/api/chats/:id', memberRoute(ChatIdParams, async ({ actor, params, res }) => {
    await chats.remove(actor, params.id);
    res.status(204).end();
  }));

  router.get('/api/chats/:id/persona', memberRoute(ChatIdParams, async ({ actor, params, res }) => {
    noStore(res);
    res.json((await chats.persona(actor, params.id)) satisfies ChatPersona);
  }));

  router.post('/api/chats/:id/persona', memberRoute(ChatIdParams, async ({ actor, params, req, res }) => {
    const body = parse(SetChatPersonaBody, req.body);
    assertSelf(actor, body.userId);
    res.json((await chats.setPersona(actor, params.id, body.personaId)) satisfies ChatPersona);
  }));

  router.delete('/api/chats/:id/persona', memberRoute(ChatIdParams, async ({ actor, params, res }) => {
    await chats.clearPersona(actor, params.id);
    res.status(204).end();
  }));

  router.get('/api/chats/:id/memory', memberRoute(ChatIdParams, async ({ actor, params, res }) => {
    noStore(res);
    res.json((await chats.memory(actor, params.id)) satisfies ChatMemory);
  }));

  router.post('/api/chats/:id/memory', memberRoute(ChatIdParams, async ({ actor, params, req, res }) => {
    const body = parse(MemoryBody, req.body);
    assertSelf(actor, body.userId);
    res.json((await chats.setMemory(actor, params.id, body.memory, body.cost)) satisfies ChatMemory);
  }));

  router.delete('/api/chats/:id/memory', memberRoute(ChatIdParams, async ({ actor, params, res }) => {
    await chats.setMemory(actor, params.id, '');
    res.status(204).end();
  }));

  return router;
}
