import type { Request, RequestHandler } from 'express';
import { CHARACTER_BODY_LIMIT_BYTES, ERROR_CODES } from '@lakorn/contracts';
import { BODY_TOO_LARGE_MESSAGE, HttpError } from '@lakorn/service-kit';
import { announcesBody } from '../http/unreadBody';
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

/** Reads the body into one Buffer of at most `limit` bytes, or fails with the HTTP answer to give. */
function readCapped(req: Request, limit: number, tooLarge: () => HttpError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Refused without reading: the answer then reads off what it must (http/unreadBody.ts).
    if (Number(req.headers['content-length']) > limit) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error?: HttpError) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('close', onAborted);
      req.off('error', onAborted);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // Stopped here; the answer's end reads the rest off the wire, bounded (http/unreadBody.ts).
      req.pause();
      settle(tooLarge());
    };
    const onEnd = () => settle();
    const onAborted = () => settle(new HttpError(400, 'Invalid request body', ERROR_CODES.validation));
    req.on('data', onData);
    req.on('end', onEnd);
    // A client that leaves mid-body: nobody reads the answer, but the request settles.
    req.on('aborted', onAborted);
    req.on('close', onAborted);
    req.on('error', onAborted);
  });
}

function tooLargeFor(kind: BodyKind): () => HttpError {
  return () => new HttpError(413, kind === 'upload' ? UPLOAD_TOO_LARGE_MESSAGE : BODY_TOO_LARGE_MESSAGE, ERROR_CODES.validation);
}

/**
 * Buffers the body (as `req.body`, a Buffer) within its cap; the proxy sends these exact bytes on.
 * Requests without a body are left untouched and stream through. A compressed body is refused
 * (415), so the bytes checked are the bytes the service parses.
 */
export const readBody: RequestHandler = (req, _res, next) => {
  if (!announcesBody(req)) {
    next();
    return;
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') {
    next(new HttpError(415, 'Unsupported content encoding', ERROR_CODES.validation));
    return;
  }
  const kind = bodyKind(req);
  readCapped(req, BODY_LIMITS[kind], tooLargeFor(kind)).then(
    (body) => {
      req.body = body;
      next();
    },
    next,
  );
};
