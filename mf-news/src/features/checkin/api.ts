import { CACHE, type CalendarResponse, type CheckInResult } from '@lakorn/contracts/web';
import { mutate as apiMutate, useApi } from '@lakorn/shell-sdk';
import type { YearMonth } from './dates';

export const CALENDAR_PATH = '/api/checkin/calendar';

/** The calendar query of a month; 'current' is today's month as the server counts it. */
export function calendarPath(month: YearMonth | 'current'): string {
  return month === 'current' ? CALENDAR_PATH : `${CALENDAR_PATH}?year=${month.year}&month=${month.month}`;
}

/** SWR cache keys of every calendar query (refreshed together after a check-in). */
export const isCalendarKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith(CALENDAR_PATH);

/** GET /api/checkin/calendar (spec §7 monthly check-ins), cached 1 minute (spec §9); null: don't fetch. */
export function useCalendar(month: YearMonth | 'current' | null) {
  return useApi<CalendarResponse>(month ? calendarPath(month) : null, { maxAgeMs: CACHE.monthlyCheckins });
}

/** POST /api/checkin; spec §7 sends the uid as `userId`. */
export function postCheckIn(uid: string): Promise<CheckInResult> {
  return apiMutate<CheckInResult>('POST', '/api/checkin', { userId: uid });
}

/** The calendar with today's check-in applied, shown until the refetch answers. */
export function withCheckIn(data: CalendarResponse | null | undefined, result: CheckInResult): CalendarResponse | null | undefined {
  if (!data) return data;
  const mark = <D extends { date: string }>(day: D) =>
    day.date === result.checkin.date ? { ...day, checkedIn: true, coins: result.checkin.coinsReceived, special: result.checkin.special } : day;
  return { ...data, calendar: data.calendar.map(mark), today: mark(data.today) };
}
