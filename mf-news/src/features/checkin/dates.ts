import { dayOfWeekOf, daysInMonth } from '@lakorn/contracts/web';

export interface YearMonth {
  year: number;
  month: number;
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
