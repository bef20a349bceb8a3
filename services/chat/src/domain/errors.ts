import { DomainError } from '@lakorn/service-kit';

// The chat domain's refusals, named after the rule each guards; routes/errors.ts gives each its
// HTTP answer (README "One service shape").

/** Only the owner reaches a chat or anything in it: for anyone else it does not exist. */
export class ChatNotFound extends DomainError {}

/** spec §4 chat open: a character that is neither public nor one's own (or deleted) cannot be chatted with. */
export class CharacterNotFound extends DomainError {}

/** A persona addressed by id is one's own or does not exist. */
export class PersonaNotFound extends DomainError {}

/** spec §4 persona per chat: a chat (or a send) speaks only as one of the member's own personas. */
export class NotOwnPersona extends DomainError {}

/** spec §5: at most LIMITS.personasPerUser personas per member. */
export class PersonaLimitReached extends DomainError {}

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

/** spec §4 "Message send": no reply was delivered (model, wallet or broker failed); the coins come back. */
export class AiUnavailable extends DomainError {}

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
