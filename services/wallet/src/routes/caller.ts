import type { Request } from 'express';
import type { z } from 'zod';
import { assertSelf, parse, requireActor, type Actor } from '@lakorn/service-kit';

/**
 * The caller (signed in, and whatever `authorise` also demands) and the request's body or query
 * parsed with its contract; a `userId` or `uid` in it must name the caller, else 403 (README "HTTP
 * API", ARCHITECTURE §5). Checked in that order: 401/403, then 400, then 403.
 */
export function callerInput<S extends z.ZodType<{ userId?: string; uid?: string }>>(
  req: Request,
  from: 'body' | 'query',
  schema: S,
  authorise: (req: Request) => Actor = requireActor,
): { actor: Actor; input: z.infer<S> } {
  const actor = authorise(req);
  const input = parse(schema, req[from]);
  assertSelf(actor, input.userId, input.uid);
  return { actor, input };
}
