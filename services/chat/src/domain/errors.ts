import type { ChatBlock } from '@lakorn/contracts';
import { DomainError } from '@lakorn/service-kit';

// The chat domain's refusals, named after the rule each guards; routes/errors.ts gives each its
// HTTP answer (README "One service shape").

/** Only the owner reaches a chat or anything in it: for anyone else it does not exist. */
export class ChatNotFound extends DomainError {}

/** spec §4 chat open: a character that is neither public nor one's own (or deleted) cannot be chatted with. */
export class CharacterNotFound extends DomainError {}

/**
 * A send, regenerate or branch in a chat whose character is hidden, or 18+ for a member who has
 * not confirmed their age: refused before anything is recorded or debited (no coins taken).
 */
export class ChatBlocked extends DomainError {
  constructor(readonly block: ChatBlock) {
    super(`chat blocked: ${block}`);
  }
}

/** A persona addressed by id is one's own or does not exist. */
export class PersonaNotFound extends DomainError {}

/** contracts QUOTAS.chatsPerDay: the member opened as many new chats today as a day allows. */
export class ChatQuotaReached extends DomainError {}

/** spec §4 persona per chat: a chat (or a send) speaks only as one of the member's own personas. */
export class NotOwnPersona extends DomainError {}

/** spec §5: at most LIMITS.personasPerUser personas per member. */
export class PersonaLimitReached extends DomainError {}

/** A message addressed by id is in one of the actor's chats, or it does not exist for them. */
export class MessageNotFound extends DomainError {}

/**
 * Another answer is asked for only of the chat's latest reply to a member's message: not an older
 * reply (the story went on from it), a member's message or the greeting (contracts SWIPE_MESSAGES).
 */
export class NotRegenerable extends DomainError {}

/** contracts ALTERNATIVES_MAX: a reply keeps at most that many answers. */
export class AlternativesFull extends DomainError {}

/** PUT /api/messages/{id}/selected names an answer the message does not have. */
export class NoSuchAlternative extends DomainError {}

/** contracts MEMORY_LIMITS.pinsPerChat: a chat keeps at most that many pinned messages. */
export class PinLimitReached extends DomainError {}

/** contracts MEMORY_LIMITS.pinTokens: a chat's pins together fit that many tokens of the prompt. */
export class PinTokensExceeded extends DomainError {}

/** contracts MEMORY_LIMITS.summaryCharacters: a summary the member writes is at most that long. */
export class SummaryTooLong extends DomainError {}

/** A rewind waits for the chat's send under way: its messages may still be stored after the cut. */
export class RewindWhileSending extends DomainError {}

/** A rewind confirmed for `expected` messages would remove `count`: the member confirms again. */
export class RewindCountChanged extends DomainError {
  constructor(readonly count: number) {
    super(`the rewind would remove ${count} messages`);
  }
}

/** A page cursor is opaque: one that the service did not give out is refused. */
export class InvalidCursor extends DomainError {}

/** spec §4 "Message send": the wallet refused the debit; nothing was taken. */
export class NotEnoughCoins extends DomainError {
  constructor(
    readonly balance: number,
    readonly cost: number,
  ) {
    super(`balance ${balance} is less than the cost ${cost}`);
  }
}

/**
 * A paid save (an edit, the memory note, the summary) costs more than the client showed on its
 * save button: refused before any coin moves, with the cost now (README "Paying for text that reaches the model").
 */
export class CostChanged extends DomainError {
  constructor(readonly cost: number) {
    super(`the save costs ${cost} coins, more than shown`);
  }
}

/** A paid save's debit got no answer (or the wallet refused it as void): nothing saved, any coins taken are given back. */
export class WalletUnavailable extends DomainError {}

/** A paid save whose write failed after its debit: the sweeper keeps it (written) or refunds it. */
export class SaveUnsettled extends DomainError {}

/**
 * spec §4 "Message send": no reply was delivered (model, wallet or broker failed). `refunded` is
 * what the member gets back: the send's cost when coins were (or may have been) taken, 0 when
 * none were.
 */
export class AiUnavailable extends DomainError {
  constructor(readonly refunded: number) {
    super(`no reply delivered; ${refunded} coins given back`);
  }
}

/**
 * The send is recorded but its outcome is not decided yet (its handler is still working, or was
 * cut off before it could record one): ask again (GET /api/messages/by-client-id/…); the sweeper
 * decides every such send by its deadline.
 */
export class SendPending extends DomainError {
  /** When the sweeper decides it at the latest (the send's handler has surely given up by then). */
  constructor(readonly decidedBy: Date) {
    super(`send pending until ${decidedBy.toISOString()} at the latest`);
  }
}

/** No send with this client message id was ever recorded for the member. */
export class SendNotFound extends DomainError {}

/** A client message id names one message: a repeat with another chat or text is refused. */
export class ClientMessageIdReused extends DomainError {}

/** A repeat of a client message id whose first send is gone (its member was deleted meanwhile). */
export class SendRecordGone extends DomainError {}

/** The catalog could not be asked for a character chat has no copy of (ARCHITECTURE §4). */
export class CatalogUnavailable extends DomainError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** Only a character's reply takes a rating, never the member's own message (chat README "Ratings"). */
export class NotRateable extends DomainError {}
