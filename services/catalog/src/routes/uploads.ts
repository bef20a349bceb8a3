import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { CardPngFields, ERROR_CODES, LIMITS, UPLOAD_MESSAGES, UploadFields, type CardImportResult, type UploadResult } from '@lakorn/contracts';
import { assertSelf, badRequest, HttpError, parse, requireActor } from '@lakorn/service-kit';
import type { CharacterImages } from '../domain/characterImages';
import { attachmentName } from './characters';

/**
 * One file under `field`, at most 5 MB (spec §9), held in memory. Over the limit is 413 with the
 * spec's 'ไฟล์ขนาดใหญ่เกินไป'; a missing or unexpected file is 'ไฟล์ไม่ถูกต้อง'.
 */
function oneFile(field: string): RequestHandler {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  }).single(field);
  return (req, res, next) => {
    if (!req.actor) {
      // Refuse before reading megabytes from someone who is not signed in.
      next(new HttpError(401, 'Not signed in', ERROR_CODES.unauthenticated));
      return;
    }
    single(req, res, (error?: unknown) => {
      if (!error) {
        next(req.file ? undefined : badRequest(UPLOAD_MESSAGES.invalid));
        return;
      }
      if (error instanceof multer.MulterError) {
        next(error.code === 'LIMIT_FILE_SIZE' ? new HttpError(413, UPLOAD_MESSAGES.tooLarge, ERROR_CODES.validation) : badRequest(UPLOAD_MESSAGES.invalid));
        return;
      }
      next(badRequest(UPLOAD_MESSAGES.invalid));
    });
  };
}

/** spec §7 "POST /api/upload/character-image", and the character-card import and PNG export. */
export function uploadRoutes({ images }: { images: CharacterImages }): Router {
  const router = Router();

  router.post('/api/upload/character-image', oneFile('image'), async (req, res) => {
    const actor = requireActor(req);
    const fields = parse(UploadFields, req.body ?? {});
    assertSelf(actor, fields.userId, fields.uid);
    const file = req.file;
    if (!file) throw badRequest(UPLOAD_MESSAGES.invalid);
    res.status(201).json((await images.upload(actor, file.buffer, fields.characterId || null)) satisfies UploadResult);
  });

  // Beyond the spec (ARCHITECTURE §6 extensions): a Character Card V2 (JSON or PNG) as a wizard draft.
  router.post('/api/upload/character-card', oneFile('card'), async (req, res) => {
    const actor = requireActor(req);
    const fields = parse(UploadFields.pick({ userId: true, uid: true }), req.body ?? {});
    assertSelf(actor, fields.userId, fields.uid);
    const file = req.file;
    if (!file) throw badRequest(UPLOAD_MESSAGES.invalid);
    res.json((await images.importCard(actor, file.buffer)) satisfies CardImportResult);
  });

  // Beyond the spec: the browser draws the card's picture (it can decode any image, the server
  // cannot), sends it as a PNG, and gets it back carrying the character's card.
  router.post('/api/upload/character-card/png', oneFile('image'), async (req, res) => {
    const actor = requireActor(req);
    const fields = parse(CardPngFields, req.body ?? {});
    assertSelf(actor, fields.userId, fields.uid);
    const file = req.file;
    if (!file) throw badRequest(UPLOAD_MESSAGES.invalid);
    const { png, name } = await images.cardPng(actor, fields.characterId, file.buffer);
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Content-Disposition', attachmentName(name, 'png'));
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(png);
  });

  return router;
}
