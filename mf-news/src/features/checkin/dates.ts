import { dayOfWeekOf, daysInMonth } from '@lakorn/contracts/web';

export interface YearMonth {
  year: number;
  month: number;
}

// Dates here are the server's Bangkok days (yyyy-MM-dd). They are formatted as calendar dates
// (UTC noon, formatted in UTC), so the device's own zone can never shift them by a day.
const noonUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};

const fullDate = new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const monthYear = new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** spec §2 today panel: the full date in the Thai locale, e.g. 'วันพุธที่ 8 มกราคม 2568'. */
export function thaiFullDate(date: string): string {
  return fullDate.format(noonUtc(date));
}

/** The calendar's heading, e.g. 'มกราคม 2568'. */
export function thaiMonthYear({ year, month }: YearMonth): string {
  return monthYear.format(new Date(Date.UTC(year, month - 1, 1, 12)));
}

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month;

/**
 * The month's days laid out in Sunday-first weeks (spec §2): null for the blanks before the
 * first and after the last day.
 */
export function monthWeeks<D extends { date: string }>(days: readonly D[], { year, month }: YearMonth): Array<Array<D | null>> {
  const lead = dayOfWeekOf(`${year}-${String(month).padStart(2, '0')}-01`);
  const cells: Array<D | null> = [...Array.from({ length: lead }, () => null), ...days.slice(0, daysInMonth(year, month))];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}
