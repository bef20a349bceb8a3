// Business constants, named once. Section numbers refer to ../shared/spec/product-spec.md.

// §9 message cost: one coin per character of the message text (counted in code points,
// the same count the client shows).
export const COINS_PER_CHARACTER = 1;

/** Number of characters as a person counts them (code points, so Thai vowels and emoji count once each code point). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

export function messageCost(text: string): number {
  return characterCount(text) * COINS_PER_CHARACTER;
}

// chat README "Paying for text that reaches the model": every member-written text a prompt can
// carry (an edited message, the memory note, the summary) keeps the code points already paid for
// it, its paid room; saving text costs only the code points past it. Client and server both price
// a save here, so the cost on the save button is the cost charged.

/** Coins to save `text` where `paid` code points are already paid for. */
export function saveCost(text: string, paid: number): number {
  return Math.max(0, characterCount(text) - paid) * COINS_PER_CHARACTER;
}

/** The paid room once `text` is saved: it never shrinks (a shorter text keeps what was paid). */
export function paidRoomAfter(text: string, paid: number): number {
  return Math.max(paid, characterCount(text));
}

/**
 * A message's paid room: the server's `paid` once the message was edited; before that, a member's
 * message paid its send (its length), and a character's reply or greeting nothing.
 */
export function messagePaidRoom(message: { isUser: boolean; content: string; paid?: number }): number {
  return message.paid ?? (message.isUser ? characterCount(message.content) : 0);
}

// §9 limits
export const LIMITS = {
  memory: 1000,
  characterName: 50,
  appearance: 500,
  personality: 1000,
  background: 1000,
  exampleMessages: 500,
  publicDescription: 50,
  username: 12,
  personasPerUser: 5,
  imageBytes: 5 * 1024 * 1024,
  wizardSteps: 9,
} as const;

/**
 * Per-member quotas against abuse (beyond the spec; ARCHITECTURE §2: each is held by insert-once
 * slot documents, never by counting and then inserting). Characters are a total (deleting one frees
 * its slot); new chats and upload bytes are per Bangkok day (CHECKIN_TIME_ZONE).
 */
export const QUOTAS = {
  charactersTotal: 50,
  chatsPerDay: 200,
  uploadBytesPerDay: 50 * 1024 * 1024,
  /** Failed promo redemptions a member may make in one window before every try is refused. */
  failedPromoRedemptions: 5,
  failedPromoWindowMs: 10 * 60_000,
  /** An uploaded image no character names is removed once it is this old. */
  orphanUploadMaxAgeMs: 24 * 60 * 60_000,
} as const;

// §9 previews
export const PREVIEWS = {
  lastMessage: 50,
  cardPersonality: 50,
  personaPersonality: 30,
  carouselSubtitle: 60,
} as const;

let graphemes: Intl.Segmenter | undefined;

/**
 * Cut text to at most n characters and add an ellipsis when it was longer (spec §2, §9 previews).
 * n counts code points, the unit that also prices a message, but the cut moves back to the previous
 * grapheme boundary so a Thai vowel or tone mark never loses its consonant ("น้ำใจ" cut at 2 keeps
 * nothing of "น้ำ" rather than "น้"). Without Intl.Segmenter (browsers before 2024) it cuts by code point.
 */
export function preview(text: string, n: number): string {
  const chars = Array.from(text);
  if (chars.length <= n) return text;
  if (typeof Intl.Segmenter !== 'function') return `${chars.slice(0, n).join('')}...`;
  graphemes ??= new Intl.Segmenter('th', { granularity: 'grapheme' });
  // Joined once rather than appended segment by segment: `+=` leaves a rope of one piece per
  // grapheme, ~1.7 KB kept per preview where the catalog's discover index holds 100 000 of them.
  const kept: string[] = [];
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = Array.from(segment).length;
    if (count + size > n) break;
    kept.push(segment);
    count += size;
  }
  kept.push('...');
  return kept.join('');
}

// §3, §9 coin packages: fixed prices, kept on the server too (ARCHITECTURE §8).
export const COIN_PACKAGES = {
  small: { id: 'small', coins: 500, priceThb: 19 },
  medium: { id: 'medium', coins: 1000, priceThb: 39 },
  large: { id: 'large', coins: 3000, priceThb: 89 },
  xl: { id: 'xl', coins: 10000, priceThb: 249 },
} as const;
export type CoinPackageId = keyof typeof COIN_PACKAGES;

// §5, §9 promo codes
export const PROMO = {
  codeMinLength: 4,
  codeMaxLength: 20,
  coinsMin: 1,
  coinsMax: 100000,
  maxUsesMin: 1,
  defaultCoins: 100,
  defaultMaxUses: 10,
  defaultType: 'unlimited',
} as const;
export const PROMO_TYPES = ['limited', 'unlimited'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

// §9 registration bonus display fallback (also the server's default).
export const REGISTRATION_BONUS_DEFAULT = 1000;

// §9 daily coins: editor defaults Sunday 30, Monday-Friday 20, Saturday 30 (index = dayOfWeek, 0 = Sunday).
export const DAILY_COIN_DEFAULTS = [30, 20, 20, 20, 20, 20, 30] as const;
export const DAILY_COIN_FALLBACK_TODAY = 30;
export const SPECIAL_DAY_DEFAULT_COINS = 100;
/** Check-in days are Bangkok days whatever the server's zone (the product's members are in Thailand). */
export const CHECKIN_TIME_ZONE = 'Asia/Bangkok';

// §9 timers (milliseconds)
export const TIMERS = {
  verifyAttempts: 3,
  verifyRetryDelay: 1000,
  profileRefresh: 60_000,
  profileRefreshJitter: 5_000,
  redirectReturnTimeout: 30_000,
  publicCharactersCache: 60_000,
  paymentPoll: 5_000,
  paymentSuccessRedirect: 3_000,
  copiedReset: 3_000,
  notFoundRedirect: 5_000,
  qrExpiry: 60 * 60 * 1000,
  likeStatusMaxDelay: 1_000,
} as const;

// §9 client caching (milliseconds)
export const CACHE = {
  settings: 5 * 60_000,
  news: 5 * 60_000,
  specialDays: 5 * 60_000,
  adminLists: 60_000,
  monthlyCheckins: 60_000,
} as const;

// §9 toasts
export const TOAST = {
  durationMs: 5000,
  swipeThresholdPx: 50,
  maxVisible: 1,
  hotkey: 'F8',
  maxWidthPx: 420,
} as const;

// §2, §3, §9 enumerations
export const CATEGORY_IDS = ['all', 'romantic', 'adventure', 'daily', 'friendship'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];
export const GENRES = ['romantic', 'adventure', 'daily', 'friendship'] as const;
export type Genre = (typeof GENRES)[number];
export const GENDERS = ['male', 'female', 'lgbtq+'] as const;
export type Gender = (typeof GENDERS)[number];
export const NEWS_TYPES = ['update', 'event', 'announcement'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];
