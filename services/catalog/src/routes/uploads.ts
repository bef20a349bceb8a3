import { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import type { z } from 'zod';
import { CardPngFields, LIMITS, UploadFields, type CardImportResult, type UploadResult } from '@lakorn/contracts';
import { assertSelf, parse, requireActor, unauthorized, type Actor } from '@lakorn/service-kit';
import type { CharacterImages } from '../domain/characterImages';
import { ImageTooLarge, NotAnImage } from '../domain/errors';
import { attachmentName } from './characters';

/**
 * multer's memory storage without its final concatenation: each part of the file is copied into
 * one buffer of `limit` bytes as it arrives (busboy never passes more), so a 5 MB upload never
 * holds the event loop for one 5 MB copy at its end (bench/README.md "catalog/cardBomb").
 */
function memoryWithin(limit: number): multer.StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const buffer = Buffer.allocUnsafeSlow(limit);
      let size = 0;
      file.stream.on('data', (part: Buffer) => {
        size += part.copy(buffer, size);
      });
      file.stream.on('error', callback);
      file.stream.on('end', () => callback(null, { buffer: buffer.subarray(0, size), size }));
    },
    _removeFile(_req, file, callback) {
      file.buffer = Buffer.alloc(0);
      callback(null);
    },
  };
}

/**
 * One file under `field`, at most 5 MB (spec §9), held in memory. Over the limit is 413 with the
 * spec's 'ไฟล์ขนาดใหญ่เกินไป'; a missing or unexpected file is 'ไฟล์ไม่ถูกต้อง'.
 */
function oneFile(field: string): RequestHandler {
  const single = multer({
    storage: memoryWithin(LIMITS.imageBytes),
    limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  }).single(field);
  return (req, res, next) => {
    if (!req.actor) {
      // Refuse before reading megabytes from someone who is not signed in.
      next(unauthorized());
      return;
    }
    single(req, res, (error?: unknown) => {
      if (!error) {
        next(req.file ? undefined : new NotAnImage());
        return;
      }
      if (error instanceof multer.MulterError) {
        next(error.code === 'LIMIT_FILE_SIZE' ? new ImageTooLarge() : new NotAnImage());
        return;
      }
      next(new NotAnImage());
    });
  };
}

/** The actor, the multipart fields (naming the actor, if anyone) and the one file oneFile() took. */
function uploaded<S extends z.ZodType<{ userId?: string; uid?: string }>>(
  req: Request,
  fields: S,
): { actor: Actor; fields: z.infer<S>; file: Express.Multer.File } {
  const actor = requireActor(req);
  const parsed = parse(fields, req.body ?? {});
  assertSelf(actor, parsed.userId, parsed.uid);
  if (!req.file) throw new NotAnImage();
  return { actor, fields: parsed, file: req.file };
}

/** spec §7 "POST /api/upload/character-image", and the character-card import and PNG export. */
export function uploadRoutes({ images }: { images: CharacterImages }): Router {
  const router = Router();

  router.post('/api/upload/character-image', oneFile('image'), async (req, res) => {
    const { actor, fields, file } = uploaded(req, UploadFields);
    res.status(201).json((await images.upload(actor, file.buffer, fields.characterId || null)) satisfies UploadResult);
  });

  // Beyond the spec (ARCHITECTURE §6 extensions): a Character Card V2 (JSON or PNG) as a wizard draft.
  router.post('/api/upload/character-card', oneFile('card'), async (req, res) => {
    const { actor, file } = uploaded(req, UploadFields.pick({ userId: true, uid: true }));
    res.json((await images.importCard(actor, file.buffer)) satisfies CardImportResult);
  });

  // Beyond the spec: the browser draws the card's picture (it can decode any image, the server
  // cannot), sends it as a PNG, and gets it back carrying the character's card.
  router.post('/api/upload/character-card/png', oneFile('image'), async (req, res) => {
    const { actor, fields, file } = uploaded(req, CardPngFields);
    const { png, name } = await images.cardPng(actor, fields.characterId, file.buffer);
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Content-Disposition', attachmentName(name, 'png'));
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(png);
  });

  return router;
}
