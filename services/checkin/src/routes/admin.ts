import type { Request, Router } from 'express';
import type { z } from 'zod';
import { AdminActorBody, IdParams } from '@lakorn/contracts';
import { assertSelf, parse, requireActor, requireAdmin, type Actor } from '@lakorn/service-kit';

// The pieces news, special days and daily coin settings share: members read, admins write.

/** spec §6: an admin, acting only as themselves (a body `userId`/`uid` naming anyone else is 403). */
export function adminCall<S extends z.ZodType<{ userId?: string; uid?: string }>>(req: Request, bodySchema: S): { admin: Actor; body: z.infer<S> } {
  const admin = requireAdmin(req);
  const body = parse(bodySchema, req.body);
  assertSelf(admin, body.userId, body.uid);
  return { admin, body };
}

/** A list every signed-in member reads (a service reached directly is no weaker than the gateway). */
export function memberList(router: Router, path: string, list: () => Promise<unknown>): void {
  router.get(path, async (req, res) => {
    requireActor(req);
    res.json(await list());
  });
}

/** DELETE `<path>/{id}`, admins only; spec §7: "Status 204 means success with no body". */
export function adminRemoval(router: Router, path: string, remove: (id: string, admin: Actor) => Promise<void>): void {
  router.delete(`${path}/:id`, async (req, res) => {
    const { admin } = adminCall(req, AdminActorBody);
    await remove(parse(IdParams, req.params).id, admin);
    res.status(204).end();
  });
}
