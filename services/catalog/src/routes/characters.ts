import { Router, type Response } from 'express';
import {
  CharacterIdParams,
  CharacterInput,
  LikeBody,
  LikeStatusParams,
  PublicCharactersQuery,
  UserIdParams,
  type Character,
  type CharacterAllowance,
  type CharacterSummary,
  type LikeResult,
  type LikeStatus,
} from '@lakorn/contracts';
import { assertSelf, parse, requireActor } from '@lakorn/service-kit';
import type { Catalog } from '../domain/characters';

/** A download's file name: the character's name, reduced to what every browser accepts. */
export function attachmentName(name: string, extension: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'character';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name}.${extension}`)}`;
}

function noStore(res: Response): void {
  // Per-user answers (likes, own characters): never kept by a shared cache.
  res.setHeader('Cache-Control', 'private, no-store');
}

/**
 * A listing answer's JSON, written as is. `res.json` would also hash every page for an ETag, which
 * a `no-store` answer never uses; on the public listing that hash and express's send were ~1/5
 * of the handler's CPU (bench/README.md "gateway"). `body` may be JSON bytes made already.
 */
function sendJson(res: Response, body: unknown): void {
  const json = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', json.length);
  res.end(json);
}

/** spec §7 "Characters": the character calls, likes and the card export. */
export function characterRoutes({ catalog }: { catalog: Catalog }): Router {
  const router = Router();

  // spec §2 discover: public characters of others, by genre and search, in the session's order.
  router.get('/api/characters/public', (req, res) => {
    const actor = requireActor(req);
    const query = parse(PublicCharactersQuery, req.query);
    noStore(res);
    // The bytes of a PublicCharactersPage (contracts), joined from cards serialised once.
    sendJson(res, catalog.listPublicJson(actor, query));
  });

  router.get('/api/characters/user/:userId', (req, res) => {
    const actor = requireActor(req);
    const { userId } = parse(UserIdParams, req.params);
    noStore(res);
    sendJson(res, catalog.listForUser(actor, userId) satisfies CharacterSummary[]);
  });

  // Beyond the spec: the member's remaining allowance of characters (contracts QUOTAS), before
  // /api/characters/:id so the word is not read as an id.
  router.get('/api/characters/allowance', async (req, res) => {
    const actor = requireActor(req);
    noStore(res);
    res.json((await catalog.allowance(actor)) satisfies CharacterAllowance);
  });

  router.post('/api/characters', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(CharacterInput, req.body);
    assertSelf(actor, input.userId);
    res.status(201).json((await catalog.create(actor, input)) satisfies Character);
  });

  router.get('/api/characters/:id', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(CharacterIdParams, req.params);
    noStore(res);
    res.json((await catalog.get(actor, id)) satisfies Character);
  });

  router.put('/api/characters/:id', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(CharacterIdParams, req.params);
    const input = parse(CharacterInput, req.body);
    assertSelf(actor, input.userId);
    res.json((await catalog.update(actor, id, input)) satisfies Character);
  });

  router.delete('/api/characters/:id', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(CharacterIdParams, req.params);
    await catalog.remove(actor, id);
    res.status(204).end();
  });

  router.get('/api/characters/:id/like/:uid', async (req, res) => {
    const actor = requireActor(req);
    const { id, uid } = parse(LikeStatusParams, req.params);
    assertSelf(actor, uid);
    noStore(res);
    res.json((await catalog.likeStatus(actor, id)) satisfies LikeStatus);
  });

  router.post('/api/characters/:id/like', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(CharacterIdParams, req.params);
    const body = parse(LikeBody, req.body ?? {});
    assertSelf(actor, body.userId, body.uid);
    res.json((await catalog.like(actor, id)) satisfies LikeResult);
  });

  // Beyond the spec (ARCHITECTURE §6 extensions): one's own character as a Character Card V2 JSON file.
  router.get('/api/characters/:id/card', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(CharacterIdParams, req.params);
    const { card, name } = await catalog.card(actor, id);
    noStore(res);
    res.setHeader('Content-Disposition', attachmentName(name, 'json'));
    res.json(card);
  });

  return router;
}
