import { ABUSE_MESSAGES, ERROR_CODES, MODERATION_ERROR_CODES, MODERATION_MESSAGES, UPLOAD_MESSAGES } from '@lakorn/contracts';
import { badRequest, conflict, forbidden, HttpError, notFound, type DomainErrorMap } from '@lakorn/service-kit';
import {
  AlreadyReported,
  CharacterNotFound,
  EditInProgress,
  ImageNotFound,
  CardOverBudget,
  ImageTooLarge,
  InvalidCard,
  InvalidCursor,
  NoCardInFile,
  NotAnImage,
  NotCharacterOwner,
  QuotaReached,
  ReportNotFound,
  SpicyNeedsAge,
  TooManyPixels,
} from '../domain/errors';

/** spec §5 "Character card import": the texts the wizard shows for a card it cannot use. */
export const CARD_MESSAGES = {
  noCard: 'ไม่พบข้อมูลการ์ดตัวละครในไฟล์นี้',
  invalidCard: 'การ์ดตัวละครไม่ถูกต้อง',
} as const;

/** The catalog's one map from its domain's refusals to HTTP (README "One service shape"). */
export const catalogErrors: DomainErrorMap = (error) => {
  if (error instanceof CharacterNotFound) return notFound('Character not found');
  if (error instanceof NotCharacterOwner) return forbidden('Only the creator can change this character');
  if (error instanceof EditInProgress) return conflict('The character is being changed by another request; try again');
  if (error instanceof InvalidCursor) return badRequest('cursor: Invalid cursor');
  if (error instanceof NotAnImage) return badRequest(UPLOAD_MESSAGES.invalid);
  if (error instanceof ImageTooLarge) return new HttpError(413, UPLOAD_MESSAGES.tooLarge, ERROR_CODES.validation);
  if (error instanceof TooManyPixels) return new HttpError(413, UPLOAD_MESSAGES.tooManyPixels, ERROR_CODES.validation);
  if (error instanceof CardOverBudget) return badRequest(UPLOAD_MESSAGES.invalid);
  if (error instanceof QuotaReached) {
    return new HttpError(429, error.quota === 'characters' ? ABUSE_MESSAGES.characterQuota : ABUSE_MESSAGES.uploadQuota, ERROR_CODES.quota);
  }
  if (error instanceof ImageNotFound) return notFound('Image not found');
  if (error instanceof NoCardInFile) return badRequest(CARD_MESSAGES.noCard);
  if (error instanceof SpicyNeedsAge) return new HttpError(403, MODERATION_MESSAGES.spicyNeedsAge, MODERATION_ERROR_CODES.ageConfirmationRequired);
  if (error instanceof AlreadyReported) return conflict(MODERATION_MESSAGES.alreadyReported, MODERATION_ERROR_CODES.alreadyReported);
  if (error instanceof ReportNotFound) return notFound('Report not found');
  if (error instanceof InvalidCard) return badRequest(`${CARD_MESSAGES.invalidCard}: ${error.reason}`);
  return undefined;
};
