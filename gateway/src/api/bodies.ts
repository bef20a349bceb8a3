import express, { type Request, type RequestHandler } from 'express';
import { CHARACTER_BODY_LIMIT_BYTES, ERROR_CODES } from '@lakorn/contracts';
import { HttpError } from '@lakorn/service-kit';
import { isLargeBodyRoute, isUnder } from './routeTable';

/**
 * Body caps at the edge (ARCHITECTURE §5). Uploads get room above the catalog's own 5 MB image
 * limit (spec §9) for multipart framing, so the catalog answers an oversize image with its Thai
 * message; anything larger never reaches it.
 */
export const BODY_LIMITS = {
  /** JSON, forms and anything else. */
  default: 100 * 1024,
  /** multipart/form-data on /api/upload/*. */
  upload: 8 * 1024 * 1024,
  /** Stripe's webhook, forwarded raw so its signature still verifies (ARCHITECTURE §8). */
  webhook: 1024 * 1024,
  /** Character create and update (routeTable LARGE_BODY_PATHS): a character with a full lorebook. */
  character: CHARACTER_BODY_LIMIT_BYTES,
} as const;

export const UPLOAD_TOO_LARGE_MESSAGE = 'ไฟล์ขนาดใหญ่เกินไป';

type BodyKind = keyof typeof BODY_LIMITS;

function bodyKind(req: Request): BodyKind {
  if (req.method === 'POST' && isUnder(req.path, '/api/payments/webhook')) return 'webhook';
  if (isUnder(req.path, '/api/upload') && req.is('multipart/form-data')) return 'upload';
  if (isLargeBodyRoute(req.method, req.path)) return 'character';
  return 'default';
}

// Raw buffers of any type; compressed bodies are refused (415) so the bytes checked are the bytes
// the service parses.
const readers: Record<BodyKind, RequestHandler> = {
  default: express.raw({ type: () => true, limit: BODY_LIMITS.default, inflate: false }),
  upload: express.raw({ type: () => true, limit: BODY_LIMITS.upload, inflate: false }),
  webhook: express.raw({ type: () => true, limit: BODY_LIMITS.webhook, inflate: false }),
  character: express.raw({ type: () => true, limit: BODY_LIMITS.character, inflate: false }),
};

function bodyError(error: unknown, kind: BodyKind): HttpError {
  const status = (error as { status?: unknown }).status;
  if (status === 413) {
    return new HttpError(413, kind === 'upload' ? UPLOAD_TOO_LARGE_MESSAGE : 'Request body too large', ERROR_CODES.validation);
  }
  if (status === 415) return new HttpError(415, 'Unsupported content encoding', ERROR_CODES.validation);
  return new HttpError(400, 'Invalid request body', ERROR_CODES.validation);
}

/**
 * Buffers the body (as `req.body`, a Buffer) within its cap; the proxy sends these exact bytes on.
 * Requests without a body are left untouched and stream through.
 */
export const readBody: RequestHandler = (req, res, next) => {
  const kind = bodyKind(req);
  readers[kind](req, res, (error?: unknown) => {
    next(error ? bodyError(error, kind) : undefined);
  });
};
