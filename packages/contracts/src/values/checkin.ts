// Check-in and news values the browser needs, zod-free (they reach every bundle through ../web.ts).

/** Upper bound for any coin amount an admin sets here (a typo must not mint millions of coins). */
export const CHECKIN_COINS_MAX = 100_000;

export const NEWS_TITLE_MAX = 200;
export const NEWS_CONTENT_MAX = 5000;
export const SPECIAL_DAY_DESCRIPTION_MAX = 200;
export const SPECIAL_DAY_EXISTS_CODE = 'SPECIAL_DAY_EXISTS';

/** spec §8: the client branches on this text (and on ERROR_CODES.alreadyCheckedIn). */
export const ALREADY_CHECKED_IN_MESSAGE = 'Already checked in today';

// ---- Calendar arithmetic on yyyy-MM-dd (no time zone involved) ------------------------------

/** Days in a month (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 Sunday … 6 Saturday of a calendar date. */
export function dayOfWeekOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** yyyy-MM-dd of a year, month (1-12) and day. */
export function isoDateOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
