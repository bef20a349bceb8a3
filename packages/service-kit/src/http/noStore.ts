import type { RequestHandler } from 'express';

/**
 * Every /api answer to a signed-in member is that member's (a balance, a history, a profile, a
 * chat): no browser or shared cache keeps it. A route that means an answer to be cached (an image)
 * says so with its own Cache-Control, which replaces this default. The gateway marks every API call
 * it passes on; each service marks its own answers to a signed-in caller too, so a service reached
 * directly is no weaker than through the gateway.
 */
export const personalNoStore: RequestHandler = (req, res, next) => {
  if (req.actor) res.setHeader('Cache-Control', 'private, no-store');
  next();
};
