import { bangkokDay } from './bangkokDay';

/**
 * The Bangkok day an admin meant by a special day's `date` (spec §7: "date (ISO)"): a plain
 * yyyy-MM-dd is taken as is; an ISO instant is the day it falls on in Bangkok, so a date picker
 * sending local midnight (the previous day 17:00Z) still names the day that was picked.
 */
export function specialDayDate(input: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) return input;
  return bangkokDay(new Date(input));
}
