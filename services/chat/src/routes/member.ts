import type { Request, Response } from 'express';
import { z } from 'zod';
import { parse, requireActor, type Actor } from '@lakorn/service-kit';

/** Per-member answers are never kept by a shared cache. */
export function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store');
}

/** For the routes whose path has no parameters. */
export const NoParams = z.object({});

export interface MemberCall<P> {
  actor: Actor;
  /** The path's parameters, parsed with their contract. */
  params: P;
  req: Request;
  res: Response;
}

/**
 * Every chat route is a signed-in member's (README "HTTP API"): the session first (401), then the
 * path parsed with its contract (400), then the handler.
 */
export function memberRoute<S extends z.ZodType>(params: S, handle: (call: MemberCall<z.infer<S>>) => Promise<void>) {
  return async (req: Request, res: Response): Promise<void> => {
    const actor = requireActor(req);
    await handle({ actor, params: parse(params, req.params), req, res });
  };
}
