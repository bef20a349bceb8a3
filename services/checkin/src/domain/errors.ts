import { DomainError } from '@lakorn/service-kit';

/** Once per user per Bangkok day (ARCHITECTURE §2, §3: the day's opId is inserted once). */
export class AlreadyCheckedIn extends DomainError {}

/** One special check-in day per date (a unique index refuses a second, ARCHITECTURE §2). */
export class SpecialDayExists extends DomainError {}

/** An admin removes a news item that is not there (deleted already, or never was). */
export class NewsNotFound extends DomainError {}

/** An admin removes a special day that is not there. */
export class SpecialDayNotFound extends DomainError {}
