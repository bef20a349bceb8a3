import { CHAT_BLOCK_MESSAGES, MEMORY_ERROR_CODES, MEMORY_MESSAGES, MODERATION_ERROR_CODES, RATING_ERROR_CODES, RATING_MESSAGES } from '@lakorn/contracts';
import { ABUSE_MESSAGES, AI_UNAVAILABLE_MESSAGE, CHAT_ERROR_CODES, ERROR_CODES, NOT_ENOUGH_COINS_MESSAGE, PERSONA_LIMIT_MESSAGE, REWIND_MESSAGES, SAVE_MESSAGES, SEND_PENDING_MESSAGE, SWIPE_MESSAGES, type SendPendingAnswer } from '@lakorn/contracts';
import { badRequest, conflict, HttpError, notFound, paymentRequired, unavailable, type DomainErrorMap } from '@lakorn/service-kit';
import {
  AiUnavailable,
  AlternativesFull,
  CatalogUnavailable,
  CharacterNotFound,
  ChatBlocked,
  ChatNotFound,
  ChatQuotaReached,
  ClientMessageIdReused,
  CostChanged,
  InvalidCursor,
  MessageNotFound,
  NoSuchAlternative,
  NotEnoughCoins,
  NotOwnPersona,
  NotRateable,
  NotRegenerable,
  PersonaLimitReached,
  PinLimitReached,
  PinTokensExceeded,
  PersonaNotFound,
  RewindCountChanged,
  RewindWhileSending,
  SendNotFound,
  SendPending,
  SendRecordGone,
  SummaryTooLong,
  WalletUnavailable,
  SaveUnsettled,
} from '../domain/errors';

/**
 * Chat's one map from its domain's refusals to HTTP (README "One service shape"): JSON answers
 * through createHttpApp, and a streamed send's `error` event (routes/messages.ts).
 */
export const chatErrors: DomainErrorMap = (error) => {
  if (error instanceof ChatNotFound) return notFound('Chat not found');
  if (error instanceof ChatQuotaReached) return new HttpError(429, ABUSE_MESSAGES.chatQuota, ERROR_CODES.quota);
  if (error instanceof CharacterNotFound) return notFound('Character not found');
  if (error instanceof ChatBlocked) {
    const code = error.block === 'hidden' ? MODERATION_ERROR_CODES.characterHidden : MODERATION_ERROR_CODES.ageConfirmationRequired;
    return new HttpError(403, CHAT_BLOCK_MESSAGES[error.block], code, { blocked: error.block });
  }
  if (error instanceof PersonaNotFound) return notFound('Persona not found');
  if (error instanceof NotOwnPersona) return badRequest('Persona not found');
  if (error instanceof InvalidCursor) return badRequest('before: Invalid cursor');
  if (error instanceof MessageNotFound) return notFound('Message not found');
  if (error instanceof NotRegenerable) return conflict(SWIPE_MESSAGES.notRegenerable, CHAT_ERROR_CODES.notRegenerable);
  if (error instanceof AlternativesFull) return conflict(SWIPE_MESSAGES.full, CHAT_ERROR_CODES.alternativesFull);
  if (error instanceof NoSuchAlternative) return badRequest(SWIPE_MESSAGES.noSuchAlternative);
  if (error instanceof NotRateable) return badRequest(RATING_MESSAGES.notRateable, RATING_ERROR_CODES.notRateable);
  if (error instanceof RewindWhileSending) return conflict(REWIND_MESSAGES.whileSending, CHAT_ERROR_CODES.rewindWhileSending);
  if (error instanceof RewindCountChanged) return new HttpError(409, REWIND_MESSAGES.countChanged, CHAT_ERROR_CODES.rewindCountChanged, { count: error.count });
  if (error instanceof PersonaLimitReached) return conflict(PERSONA_LIMIT_MESSAGE, CHAT_ERROR_CODES.personaLimit);
  if (error instanceof PinLimitReached) return conflict(MEMORY_MESSAGES.pinLimit, MEMORY_ERROR_CODES.pinLimit);
  if (error instanceof PinTokensExceeded) return conflict(MEMORY_MESSAGES.pinTokens, MEMORY_ERROR_CODES.pinTokens);
  if (error instanceof SummaryTooLong) return badRequest(MEMORY_MESSAGES.summaryTooLong);
  // spec §8: the client's "not enough coins" toast; the body also says what the member has and needs.
  // Both send failures say what came back (spec §8's toast gains a second line): nothing was taken here.
  if (error instanceof NotEnoughCoins) return paymentRequired(NOT_ENOUGH_COINS_MESSAGE, { balance: error.balance, cost: error.cost, refunded: 0 });
  if (error instanceof AiUnavailable) return new HttpError(503, AI_UNAVAILABLE_MESSAGE, CHAT_ERROR_CODES.aiUnavailable, { refunded: error.refunded });
  // A paid save (README "Paying for text that reaches the model"): nothing was saved or taken.
  if (error instanceof CostChanged) return new HttpError(409, SAVE_MESSAGES.costChanged, CHAT_ERROR_CODES.costChanged, { cost: error.cost });
  if (error instanceof WalletUnavailable) return new HttpError(503, SAVE_MESSAGES.walletUnavailable, ERROR_CODES.unavailable);
  if (error instanceof SaveUnsettled) return new HttpError(503, SAVE_MESSAGES.unsettled, ERROR_CODES.unavailable);
  if (error instanceof SendPending) {
    const { status, decidedBy }: Omit<SendPendingAnswer, 'message' | 'code'> = { status: 'pending', decidedBy: error.decidedBy.toISOString() };
    return new HttpError(202, SEND_PENDING_MESSAGE, CHAT_ERROR_CODES.sendPending, { status, decidedBy });
  }
  if (error instanceof SendNotFound) return notFound('No message was sent with this id');
  if (error instanceof ClientMessageIdReused) return conflict('clientMessageId was already used for another message');
  if (error instanceof SendRecordGone) return conflict('This message id is being reused; send again with a new id');
  if (error instanceof CatalogUnavailable) return unavailable(error.detail);
  return undefined;
};
