import type { CalendarDay, CalendarResponse, Profile } from '@lakorn/contracts/web';
import { daysInMonth, dayOfWeekOf, DAILY_COIN_DEFAULTS, isoDateOf } from '@lakorn/contracts/web';
import { member, renderWithShell } from '@lakorn/shell-sdk/testing';
import App from '../src/App';

/** A month as the service answers it, with the given days checked in and special. */
export function calendarOf(
  year: number,
  month: number,
  today: string,
  options: { checked?: Record<string, number>; special?: Record<string, number> } = {},
): CalendarResponse {
  const day = (date: string): CalendarDay => {
    const checked = options.checked?.[date];
    const special = options.special?.[date];
    return {
      date,
      dayNumber: Number(date.slice(8)),
      coins: checked ?? special ?? DAILY_COIN_DEFAULTS[dayOfWeekOf(date)] ?? 20,
      checkedIn: checked !== undefined,
      special: special !== undefined,
    };
  };
  const calendar = Array.from({ length: daysInMonth(year, month) }, (_, i) => day(isoDateOf(year, month, i + 1)));
  return { year, month, calendar, lastCheckIn: null, today: day(today) };
}

/** The news remote at /news (or `path`) under the shell's providers, as the member with `user`'s changes. */
export const renderNews = (user: Partial<Profile> = {}, path = '/news') => renderWithShell(<App />, { path, profile: { ...member, ...user } });
