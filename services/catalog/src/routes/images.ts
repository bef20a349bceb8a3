import { Router } from 'express';
import { IMAGE_FILE_NAME, IMAGE_WIDTHS } from '@lakorn/contracts';
import type { CharacterImages } from '../domain/characterImages';
import { ImageNotFound } from '../domain/errors';

/** A stored image never changes (a new upload gets a new name), so browsers may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /character-images/{file} and the spec's fallback /uploads/character-images/{file}?retry=1
 * (spec §7 Images): the same file from GridFS, with caching headers. Public, like a CDN's.
 * `?w=` one of IMAGE_WIDTHS answers the card-sized variant (README "Card-sized variants"); any other `w` is
 * no such image, so the widths a picture is kept at stay a fixed few.
 */
export function imageRoutes({ images }: { images: CharacterImages }): Router {
  const router = Router();
  router.get(['/character-images/:file', '/uploads/character-images/:file'], async (req, res) => {
    const file = String(req.params.file);
    if (!IMAGE_FILE_NAME.test(file)) throw new ImageNotFound();
    const width = req.query.w === undefined ? null : IMAGE_WIDTHS.find((w) => String(w) === req.query.w);
    if (width === undefined) throw new ImageNotFound();
    const etag = width === null ? `"${file}"` : `"${file}@w${width}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const image = width === null ? await images.read(file) : await images.readAt(file, width);
    if (!image) {
      res.removeHeader('ETag');
      res.setHeader('Cache-Control', 'no-store');
      throw new ImageNotFound();
    }
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Last-Modified', image.uploadedAt.toUTCString());
    res.send(image.bytes);
  });
  return router;
}
