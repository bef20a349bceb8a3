import { DomainError } from '@lakorn/service-kit';

// The catalog's refusals, named after the rule each guards (CONVENTIONS "Errors in a service");
// routes/errors.ts gives each its status, code and the spec's text.

/** spec §6: a character one may not see (someone else's private one) is as good as absent. */
export class CharacterNotFound extends DomainError {}

/** spec §6: only the creator edits or deletes a character, exports its card or uploads for it. */
export class NotCharacterOwner extends DomainError {}

/** Another edit of the character holds the next version (README "Versions") for longer than an edit waits. */
export class EditInProgress extends DomainError {}

/** spec §2: a `cursor` the discover listing never gave. */
export class InvalidCursor extends DomainError {}

/** spec §5: an upload must be an image (judged by its bytes), and a PNG one a PNG that reads. */
export class NotAnImage extends DomainError {}

/** A member's allowance (contracts QUOTAS) is used up: characters in total, or upload bytes today. */
export class QuotaReached extends DomainError {
  constructor(readonly quota: 'characters' | 'uploads') {
    super(`${quota} quota reached`);
  }
}

/** spec §9: an image over 5 MB. */
export class ImageTooLarge extends DomainError {}

/** A picture whose header names more than contracts PICTURE_LIMITS (50 megapixels, 8 192 px a side). */
export class TooManyPixels extends DomainError {}

/** A card file whose reading would pass its fixed budget (README "Cards": chunks, inflated bytes, JSON). */
export class CardOverBudget extends DomainError {}

/** spec §7 Images: no stored image by that name. */
export class ImageNotFound extends DomainError {}

/** A card import (ARCHITECTURE §6 extensions) of a file that carries no character card. */
export class NoCardInFile extends DomainError {}

/** A character card (ARCHITECTURE §6 extensions) that cannot be read; `reason` says why. */
export class InvalidCard extends DomainError {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A spicy (18+) character created or edited by an owner who has not confirmed being 18 or older. */
export class SpicyNeedsAge extends DomainError {}

/** A second open report by the same member on the same character. */
export class AlreadyReported extends DomainError {}

export class ReportNotFound extends DomainError {}
