import { z } from 'zod';
import { ActorRef, Id, QueryInt } from './common';
import { NEWS_TYPES, SPECIAL_DAY_DEFAULT_COINS } from './constants';
import { CHECKIN_COINS_MAX, daysInMonth, NEWS_CONTENT_MAX, NEWS_TITLE_MAX, SPECIAL_DAY_DESCRIPTION_MAX } from './values/checkin';

export {
  ALREADY_CHECKED_IN_MESSAGE,
  CHECKIN_COINS_MAX,
  dayOfWeekOf,
  daysInMonth,
  isoDateOf,
  NEWS_CONTENT_MAX,
  NEWS_TITLE_MAX,
  SPECIAL_DAY_DESCRIPTION_MAX,
  SPECIAL_DAY_EXISTS_CODE,
} from './values/checkin';

// News, special check-in days, daily coin settings and check-ins (spec §3, §7 "News and
// check-in" and "Admin"). Served by services/checkin; read by mf-news and mf-admin.

/** A day as the check-in service counts it: a Bangkok calendar day written yyyy-MM-dd. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as yyyy-MM-dd')
  .refine((v) => isRealDate(v), 'Not a real calendar date');

/**
 * Years a check-in day can fall in. Year 0000 and 9999 pass the pattern, but JavaScript dates turn
 * them into "1-01-01" or a Bangkok "10000-01-01"; no day of this product lies outside these.
 */
const DAY_YEARS = { min: 1970, max: 2999 } as const;
const inDayYears = (year: number) => year >= DAY_YEARS.min && year <= DAY_YEARS.max;
export type IsoDate = z.infer<typeof IsoDate>;

const CoinAmount = z.number().int('Coin amount must be a whole number').min(1, 'Coin amount must be at least 1').max(CHECKIN_COINS_MAX);

// ---- News (spec §3 News item) ------------------------------------------------------------

export const NewsTypeSchema = z.enum(NEWS_TYPES);

export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  type: NewsTypeSchema,
  /** Absent when the item has no image (only items with one appear in the carousel, spec §2). */
  imageUrl: z.string().optional(),
  createdAt: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;

/**
 * An image URL as the catalog's upload answers it: a path on this site (`/character-images/x.png`)
 * or an absolute http(s) URL. Anything else (`javascript:`, `//evil`) is refused; '' means none.
 */
export const NewsImageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(v), 'imageUrl must be a site path or an http(s) URL')
  .transform((v) => (v === '' ? undefined : v));

/** POST /api/admin/news (admin only). `type` defaults to update (spec §5). */
export const CreateNewsBody = z.object({
  title: z.string().trim().min(1, 'Title is required').max(NEWS_TITLE_MAX),
  content: z.string().trim().min(1, 'Content is required').max(NEWS_CONTENT_MAX),
  type: NewsTypeSchema.default('update'),
  imageUrl: NewsImageUrl.nullish().transform((v) => v ?? undefined),
  userId: ActorRef,
  uid: ActorRef,
});
export type CreateNewsBody = z.input<typeof CreateNewsBody>;

/** DELETE bodies of the admin calls carry only the acting user (spec §7 Admin); all optional. */
export const AdminActorBody = z
  .object({ userId: ActorRef, uid: ActorRef })
  .optional()
  .transform((v) => v ?? {});

export const IdParams = z.object({ id: Id });

// ---- Special check-in days (spec §3) -------------------------------------------------------

export const SpecialCheckinDay = z.object({
  id: z.string(),
  date: IsoDate,
  coinAmount: z.number().int(),
  /** '' when none was given; clients show their default text ('special day'). */
  description: z.string(),
});
export type SpecialCheckinDay = z.infer<typeof SpecialCheckinDay>;

/**
 * POST /api/admin/special-checkin-days. `date` is ISO (spec §7): either yyyy-MM-dd, or a full
 * ISO instant whose Bangkok day is meant (a date picker at local midnight in Bangkok sends the
 * previous day 17:00Z); the server stores the Bangkok day.
 */
export const CreateSpecialDayBody = z.object({
  date: z.union(
    [IsoDate, z.iso.datetime({ offset: true }).refine((v) => inDayYears(new Date(v).getUTCFullYear()), 'Not a real calendar date')],
    { error: 'please choose a date' },
  ),
  coinAmount: CoinAmount.default(SPECIAL_DAY_DEFAULT_COINS),
  description: z.string().trim().max(SPECIAL_DAY_DESCRIPTION_MAX).nullish().transform((v) => v ?? ''),
  userId: ActorRef,
  uid: ActorRef,
});
export type CreateSpecialDayBody = z.input<typeof CreateSpecialDayBody>;

export const SPECIAL_DAY_EXISTS_MESSAGE = 'A special day already exists for this date';

// ---- Daily coin settings (spec §3) ---------------------------------------------------------

export const DayOfWeek = z.number().int().min(0).max(6);

export const DailyCoinSetting = z.object({
  id: z.string(),
  /** 0 Sunday … 6 Saturday. */
  dayOfWeek: DayOfWeek,
  coinAmount: z.number().int(),
});
export type DailyCoinSetting = z.infer<typeof DailyCoinSetting>;

/** POST /api/admin/daily-coin-settings, one call per edited day (spec §7). */
export const UpdateDailyCoinBody = z.object({
  dayOfWeek: DayOfWeek,
  coinAmount: CoinAmount,
  userId: ActorRef,
  uid: ActorRef,
});
export type UpdateDailyCoinBody = z.input<typeof UpdateDailyCoinBody>;

// ---- Check-ins (spec §3 Check-in calendar response, Check-in result) ------------------------

/** GET /api/checkin/calendar: a month of the signed-in user; without year/month, today's month. */
export const CalendarQuery = z
  .object({
    year: QueryInt(2000, 2100).optional(),
    month: QueryInt(1, 12).optional(),
    userId: ActorRef,
    uid: ActorRef,
  })
  .refine((q) => (q.year === undefined) === (q.month === undefined), 'Give both year and month, or neither');
export type CalendarQuery = z.infer<typeof CalendarQuery>;

export const CalendarDay = z.object({
  date: IsoDate,
  dayNumber: z.number().int().min(1).max(31),
  /** What the day gives (for a day already checked in: what it gave). */
  coins: z.number().int(),
  checkedIn: z.boolean(),
  special: z.boolean(),
});
export type CalendarDay = z.infer<typeof CalendarDay>;

export const LastCheckIn = z.object({ date: IsoDate, coinsReceived: z.number().int(), checkedInAt: z.string() });
export type LastCheckIn = z.infer<typeof LastCheckIn>;

export const CalendarResponse = z.object({
  year: z.number().int(),
  month: z.number().int(),
  calendar: z.array(CalendarDay),
  /** The user's most recent check-in on any day, or null. */
  lastCheckIn: LastCheckIn.nullable(),
  /**
   * Today as the server counts it (Bangkok), whatever month was asked: clients decide past,
   * today and future from it, never from the device clock.
   */
  today: CalendarDay,
});
export type CalendarResponse = z.infer<typeof CalendarResponse>;

/** POST /api/checkin: the spec sends `userId` (the uid); the profile id is accepted too. */
export const CheckInBody = z
  .object({ userId: ActorRef, uid: ActorRef })
  .optional()
  .transform((v) => v ?? {});

export const CheckInResult = z.object({
  checkin: z.object({ coinsReceived: z.number().int(), date: IsoDate, special: z.boolean() }),
});
export type CheckInResult = z.infer<typeof CheckInResult>;

/** ARCHITECTURE §3: the deterministic opId of a check-in credit; also the check-in's id. */
export function checkInOpId(userId: string, date: IsoDate): string {
  return `checkin:${userId}:${date}`;
}

/** The wallet's description of a check-in credit (coin history, spec §2 /transactions). */
export const CHECKIN_CREDIT_DESCRIPTION = 'เช็คอินรายวัน';

// ---- Calendar arithmetic on yyyy-MM-dd (no time zone involved) ------------------------------

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (!inDayYears(y) || m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonth(y, m);
}
