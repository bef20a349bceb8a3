import type { RequestHandler } from 'express';

/**
 * Every /api answer to a signed-in member is that member's (a balance, a history, a profile, a
 * chat): no browser or shared cache keeps it. A service that means an answer to be cached (an
 * image, a listing with an ETag) says so with its own Cache-Control, which replaces this default
 * when the proxy writes the service's headers.
 */
export const personalNoStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'private, no-store');
  next();
};
