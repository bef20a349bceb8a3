/**
 * A refusal in the domain's own terms, named after the rule it guards (`InsufficientCoins`,
 * `AlreadyCheckedIn`; CONVENTIONS "Errors in a service"). The domain throws it and never knows
 * about HTTP; one place per service (`routes/errors.ts`) maps each to a status, `code` and the
 * spec's text. A DomainError that place does not map is a bug, logged and answered 500.
 */
export abstract class DomainError extends Error {
  constructor(message?: string) {
    super(message);
    this.name = new.target.name;
  }
}
