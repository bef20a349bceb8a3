import { format } from 'date-fns';
import { th } from 'date-fns/locale';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * spec §9 relative times. Chats: minutes under an hour, hours under a day, days under a week,
 * else dd MMM yyyy. News (`withWeeks`): the same plus weeks under 30 days. Thai locale.
 */
export function relativeTime(date: Date | string | number, options: { withWeeks?: boolean; now?: Date } = {}): string {
  const then = new Date(date);
  const now = options.now ?? new Date();
  const diff = Math.max(0, now.getTime() - then.getTime());
  if (diff < MINUTE) return 'เมื่อสักครู่';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} นาทีที่แล้ว`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)} ชั่วโมงที่แล้ว`;
  if (diff < WEEK) return `${Math.floor(diff / DAY)} วันที่แล้ว`;
  if (options.withWeeks && diff < 30 * DAY) return `${Math.floor(diff / WEEK)} สัปดาห์ที่แล้ว`;
  return format(then, 'dd MMM yyyy', { locale: th });
}

/** A date in the Thai locale with the given date-fns pattern. */
export function formatThaiDate(date: Date | string | number, pattern: string): string {
  return format(new Date(date), pattern, { locale: th });
}
