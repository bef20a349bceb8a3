// Catalog values the browser needs, zod-free (they reach every bundle through ../web.ts).
import type { CharacterSummary } from '../catalog';
import { LIMITS, type Genre } from '../constants';

/** spec §2: a card shows the public description when there is one, else the personality preview. */
export function cardText(character: Pick<CharacterSummary, 'isPublic' | 'description' | 'personalityPreview'>): string {
  return character.isPublic && character.description.trim() !== '' ? character.description : character.personalityPreview;
}

/** spec §2 category row: the genres' Thai names, wherever a genre is shown (discover, the wizard, the chat header). */
export const GENRE_LABELS: Record<Genre, string> = {
  romantic: 'โรแมนติก',
  adventure: 'ผจญภัย',
  daily: 'ชีวิตประจำวัน',
  friendship: 'มิตรภาพ',
};

/**
 * The account the starter cast belongs to (catalog README "The starter cast": the characters a
 * fresh install opens with): a system creator, not a member. It never signs in, holds no quota, and
 * admins see its characters marked as the system's (`isSystemCreator`).
 */
export const SYSTEM_CREATOR = { id: 'system-starter-cast', username: 'ทีมละคร' } as const;

/** Whether a character's `userId` is the system creator's (admins' screens mark it). */
export function isSystemCreator(userId: string): boolean {
  return userId === SYSTEM_CREATOR.id;
}

/** How admins read the system creator's name beside its characters. */
export const SYSTEM_CREATOR_LABEL = 'บัญชีระบบ (ตัวละครเริ่มต้น)';

export const PUBLIC_PAGE_DEFAULT = 20;
export const PUBLIC_PAGE_MAX = 50;
export const SEARCH_QUERY_MAX = 100;
export const SEED_MAX = 2 ** 32 - 1;
/**
 * The cookie holding discover's random-order seed for the browser session (no expiry): the page
 * reads it, and the gateway draws the home's first screen in the same order (README "First
 * screen from the server").
 */
export const DISCOVER_SEED_COOKIE = 'lakorn_seed';

/** The discover seed a Cookie header (or `document.cookie`) holds, when it holds a valid one. */
export function seedFromCookie(cookie: string | undefined): number | undefined {
  const match = new RegExp(`(?:^|;\\s*)${DISCOVER_SEED_COOKIE}=(\\d{1,10})(?:;|$)`).exec(cookie ?? '');
  const seed = Number(match?.[1]);
  return Number.isInteger(seed) && seed > 0 && seed <= SEED_MAX ? seed : undefined;
}

/** The seed's cookie, for the browser session (no expiry), readable by the page (not HttpOnly). */
export function seedCookie(seed: number): string {
  return `${DISCOVER_SEED_COOKIE}=${seed}; Path=/; SameSite=Lax`;
}

/** Discover's orders (`sort` of GET /api/characters/public): spec §2's random order is the default. */
export const DISCOVER_SORTS = ['random', 'popular', 'new', 'liked'] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];
/** The sort switch's Thai labels: random, most popular, newest, most liked. */
export const DISCOVER_SORT_LABELS: Record<DiscoverSort, string> = {
  random: 'สุ่ม',
  popular: 'ยอดนิยม',
  new: 'ใหม่ล่าสุด',
  liked: 'ถูกใจมากที่สุด',
};
/** Popular: the distinct members who chatted with a character in this many Bangkok days, today included. */
export const POPULAR_WINDOW_DAYS = 7;

export const DRAFT_LIMITS = {
  name: LIMITS.characterName,
  appearance: LIMITS.appearance,
  personality: LIMITS.personality,
  background: LIMITS.background,
  exampleMessages: LIMITS.exampleMessages,
  description: LIMITS.publicDescription,
} as const;
export type DraftLimitedField = keyof typeof DRAFT_LIMITS;

// ---------------------------------------------------------------------------------------------
// Reports, hidden characters and 18+ (catalog README "Moderation and the age gate").

/** The fields that decide whether a character is 18+ (a Character, a summary or a snapshot). */
export interface AdultFields {
  isSpicy: boolean;
  /** An admin's decision; null (or absent, a copy older than the field) follows isSpicy. */
  adultOverride?: boolean | null;
}

/**
 * The one definition of "18+": the spec's spicy characters, unless an admin marked the character
 * 18+ or cleared it. Every service and front end asks this, never isSpicy alone.
 */
export function isAdultCharacter(character: AdultFields): boolean {
  return character.adultOverride ?? character.isSpicy;
}

/** Why a member reports a character (POST /api/characters/{id}/reports `reason`). */
export const REPORT_REASONS = ['spam', 'sexual-minor', 'hate', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as members and admins read them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'สแปมหรือโฆษณา',
  'sexual-minor': 'เนื้อหาทางเพศที่เกี่ยวกับผู้เยาว์',
  hate: 'สร้างความเกลียดชังหรือเหยียดหยาม',
  violence: 'ความรุนแรง',
  copyright: 'ละเมิดลิขสิทธิ์',
  other: 'อื่น ๆ',
};

/** A report's details are at most this many characters. */
export const REPORT_DETAILS_MAX = 500;

/** `hiddenReason` of a character an admin hid directly (otherwise the report's reason id). */
export const HIDDEN_REASON_ADMIN = 'admin';

/** A hidden reason as the owner and admins read it ('admin' or a report reason id). */
export function hiddenReasonLabel(reason: string | null): string {
  if (reason === null) return '';
  if (reason === HIDDEN_REASON_ADMIN) return 'ผู้ดูแลระบบซ่อนตัวละครนี้';
  return (REPORT_REASON_LABELS as Record<string, string | undefined>)[reason] ?? reason;
}

/** Why an existing chat takes no more sends (the chat views' `blocked`; null: it does). */
export const CHAT_BLOCKS = ['hidden', 'adult'] as const;
export type ChatBlock = (typeof CHAT_BLOCKS)[number];

/** Error codes of the moderation rules, for clients to branch on. */
export const MODERATION_ERROR_CODES = {
  /** 409: a second open report by the same member on the same character. */
  alreadyReported: 'ALREADY_REPORTED',
  /** 403 on a send, regenerate or branch (and a new chat) with a hidden character. */
  characterHidden: 'CHARACTER_HIDDEN',
  /** 403: an 18+ character for a member who has not confirmed being 18 or older. */
  ageConfirmationRequired: 'AGE_CONFIRMATION_REQUIRED',
} as const;

/** The Thai texts of the moderation rules, as the server gives them and clients show them. */
export const MODERATION_MESSAGES = {
  reported: 'ขอบคุณที่แจ้งให้เราทราบ ทีมงานจะตรวจสอบ และคุณจะไม่เห็นตัวละครนี้อีก',
  alreadyReported: 'คุณรายงานตัวละครนี้ไปแล้ว ทีมงานกำลังตรวจสอบ',
  /** An existing chat with a hidden character (notice and refused send). */
  hiddenChat: 'ตัวละครนี้ถูกซ่อนโดยผู้ดูแลระบบ จึงส่งข้อความต่อไม่ได้',
  /** An existing chat with an 18+ character, for a member who has not confirmed. */
  adultChat: 'ตัวละครนี้สำหรับผู้ที่มีอายุ 18 ปีขึ้นไป ยืนยันอายุในโปรไฟล์ก่อนจึงจะคุยต่อได้',
  /** Creating or editing a spicy character without the owner's confirmation. */
  spicyNeedsAge: 'ต้องยืนยันว่าคุณอายุ 18 ปีขึ้นไปก่อน จึงจะสร้างหรือแก้ไขตัวละคร 18+ ได้',
  /** A card that is no longer there for this member (hidden, 18+, deleted). */
  unavailable: 'ตัวละครนี้ไม่มีให้บริการแล้ว',
  /** The owner's marker on their own hidden character. */
  hiddenForOwner: 'ตัวละครนี้ถูกซ่อน สมาชิกคนอื่นจะไม่เห็น',
} as const;

/** The Thai notice of a blocked chat, by its `blocked` value. */
export const CHAT_BLOCK_MESSAGES: Record<ChatBlock, string> = {
  hidden: MODERATION_MESSAGES.hiddenChat,
  adult: MODERATION_MESSAGES.adultChat,
};

/**
 * What the audit log records (GET /api/admin/audit `action`): every admin write of spec §7 and the
 * moderation's. Catalog writes its own; checkin and wallet publish theirs (events.ts AdminAction).
 */
export const AUDIT_ACTIONS = [
  'report.hide',
  'report.dismiss',
  'character.moderation',
  // checkin
  'news.publish',
  'news.remove',
  'specialDay.add',
  'specialDay.remove',
  'dailyCoins.set',
  // wallet
  'paymentSystem.set',
  'registrationBonus.set',
  'promoCode.create',
  'promoCode.setActive',
  'promoCode.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// ---------------------------------------------------------------------------------------------
// Creator stats (GET /api/characters/{id}/stats, owner and admins only)

/** The days of the daily series the stats answer (newest last), and the windows they sum. */
export const CHARACTER_STATS_SERIES_DAYS = 30;
export const CHARACTER_STATS_WINDOWS = ['days7', 'days30', 'all'] as const;
export type CharacterStatsWindow = (typeof CHARACTER_STATS_WINDOWS)[number];

/** An uploaded image's file name: what the catalog generates, nothing that could climb a path. */
export const IMAGE_FILE_NAME = /^[a-f0-9]{24,64}\.(jpg|png|webp|gif)$/;

/**
 * The widths a stored picture is also served at (services/catalog README "Card-sized variants"):
 * `/character-images/{file}?w={width}` answers it as WebP no wider than that, made from the upload
 * on first request and kept beside it. A browser picks one through `srcset` (ui imageSrcSet): 180
 * for an avatar (40–72 px at up to 3× density), 360 and 540 for a card of the two-column grid
 * (about 175 px wide on a phone at 2× and 3×), 1080 for a full-width picture (the character sheet).
 */
export const IMAGE_WIDTHS = [180, 360, 540, 1080] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
