// The one date and time helper of the front end. Every date the product shows is rendered here with
// the browser's Intl in Thai with the Buddhist era (spec §9: "Dates appear in Thai locale"), so the
// era can never differ between screens; no date library ships to the browser (ARCHITECTURE §9).
const LOCALE = 'th-TH-u-ca-buddhist-nu-latn';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * The spec's date patterns (spec §9 relative-time fallback, §5 promo table, §6 coin history) and the
 * chat's clock. A named month is always in Thai order, day month year: spec §2's coin history
 * 'MMM d, yyyy' is 'd MMM yyyy' here (README "Refinements of the spec"); dd/MM/yyyy stays.
 */
export type ThaiDatePattern = 'dd MMM yyyy' | 'd MMM yyyy' | 'dd/MM/yyyy' | 'HH:mm';

export interface ThaiDateOptions {
  /** IANA zone; the device's own zone when absent. */
  timeZone?: string;
}

type DateInput = Date | string | number;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, options);
    formatters.set(key, found);
  }
  return found;
}

// Each pattern token, the Intl field it comes from and how that field is asked for.
const TOKENS = {
  yyyy: { part: 'year', options: { year: 'numeric' } },
  MMM: { part: 'month', options: { month: 'short' } },
  MM: { part: 'month', options: { month: '2-digit' } },
  dd: { part: 'day', options: { day: '2-digit' } },
  d: { part: 'day', options: { day: 'numeric' } },
  HH: { part: 'hour', options: { hour: '2-digit', hourCycle: 'h23' } },
  mm: { part: 'minute', options: { minute: '2-digit' } },
} as const satisfies Record<string, { part: Intl.DateTimeFormatPartTypes; options: Intl.DateTimeFormatOptions }>;
type Token = keyof typeof TOKENS;
const TOKEN_PATTERN = /yyyy|MMM|MM|dd|d|HH|mm/g;

/**
 * A date in one of the spec's patterns, Thai month names and the Buddhist year:
 * 'd MMM yyyy' → '5 ม.ค. 2568', 'dd/MM/yyyy' → '05/01/2568', 'dd MMM yyyy' → '05 ม.ค. 2568'.
 */
export function formatThaiDate(date: DateInput, pattern: ThaiDatePattern, { timeZone }: ThaiDateOptions = {}): string {
  const tokens = (pattern.match(TOKEN_PATTERN) ?? []) as Token[];
  const options: Intl.DateTimeFormatOptions = { timeZone };
  for (const token of tokens) Object.assign(options, TOKENS[token].options);
  const parts = formatter(options).formatToParts(new Date(date));
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // V8 drops the leading zero of a '2-digit' minute asked for without an hour; the patterns mean two digits.
  return pattern.replace(TOKEN_PATTERN, (token) => {
    const { part } = TOKENS[token as Token];
    const text = value(part);
    return token === 'mm' || token === 'HH' ? text.padStart(2, '0') : text;
  });
}

/**
 * spec §9 relative times. Chats: minutes under an hour, hours under a day, days under a week,
 * else dd MMM yyyy. News (`withWeeks`): the same plus weeks under 30 days. Thai locale.
 */
export function relativeTime(date: DateInput, options: { withWeeks?: boolean; now?: Date; timeZone?: string } = {}): string {
  const then = new Date(date);
  const now = options.now ?? new Date();
  const diff = Math.max(0, now.getTime() - then.getTime());
  if (diff < MINUTE) return 'เมื่อสักครู่';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} นาทีที่แล้ว`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)} ชั่วโมงที่แล้ว`;
  if (diff < WEEK) return `${Math.floor(diff / DAY)} วันที่แล้ว`;
  if (options.withWeeks && diff < 30 * DAY) return `${Math.floor(diff / WEEK)} สัปดาห์ที่แล้ว`;
  return formatThaiDate(then, 'dd MMM yyyy', { timeZone: options.timeZone });
}

/** A stored instant with its time, in the device's zone: '10 เม.ย. 2568 10:00' (admin news list). */
export function thaiDateTime(date: DateInput, { timeZone }: ThaiDateOptions = {}): string {
  return formatter({ timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(date),
  );
}

// Calendar days (yyyy-MM-dd: the check-in service's Bangkok days) are formatted at UTC noon in UTC,
// so the device's own zone can never move them to another day.
const noonUtc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};

/** spec §2 today panel: a calendar day in full, 'วันพุธที่ 8 มกราคม 2568'. */
export function thaiFullDate(day: string): string {
  return formatter({ timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(noonUtc(day));
}

/** A month heading, 'มกราคม 2568' (month 1–12). */
export function thaiMonthYear({ year, month }: { year: number; month: number }): string {
  return formatter({ timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, month - 1, 1, 12)));
}

/** A calendar day's short month name, 'เม.ย.'. */
export function thaiShortMonth(day: string): string {
  return formatter({ timeZone: 'UTC', month: 'short' }).format(noonUtc(day));
}

/** The Thai weekday names, Sunday first as dayOfWeek 0-6 (spec §3): whole, and as a calendar heads its columns. */
export const THAI_WEEKDAYS = {
  long: ['วันอาทิตย์', 'วันจันทร์', 'วันอังคาร', 'วันพุธ', 'วันพฤหัสบดี', 'วันศุกร์', 'วันเสาร์'],
  short: ['อา', 'จ', 'อ', 'พ', 'พฤ', 'ศ', 'ส'],
} as const;
