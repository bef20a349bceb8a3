import { z } from 'zod';
import { ActorRef, Id, MemberImageUrl, QueryInt } from './common';
import { AdminAction, CharacterSnapshot } from './events';
import { AlternateGreetingList, CARD_JSON_MAX_DEPTH, CreatorNotesByLanguage, isJsonObject, Lorebook, LorebookWithinTotals } from './lorebook';
import { CATEGORY_IDS, characterCount, GENDERS, GENRES, LIMITS, PREVIEWS, preview } from './constants';
import { DISCOVER_SORTS, DRAFT_LIMITS, PUBLIC_PAGE_DEFAULT, PUBLIC_PAGE_MAX, SEARCH_QUERY_MAX, SEED_MAX, type DraftLimitedField } from './values/catalog';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from './values/catalog';

// Characters, likes, images and character cards: the catalog service's HTTP contract (spec §3,
// §5, §7 "Characters"). Lengths are counted in code points, as the wizard's counters count them.

/** A string of at most `max` characters (code points). */
const upTo = (max: number, what: string) =>
  z.string().refine((v) => characterCount(v) <= max, `${what} must be at most ${max} characters`);

/** A required string (not blank) of at most `max` characters; surrounding spaces are dropped. */
const required = (max: number | null, what: string) => {
  const base = z.string().trim().min(1, `${what} is required`);
  return max === null ? base : base.refine((v) => characterCount(v) <= max, `${what} must be at most ${max} characters`);
};

export { IMAGE_FILE_NAME, IMAGE_WIDTHS, isSystemCreator, SYSTEM_CREATOR, SYSTEM_CREATOR_LABEL, type ImageWidth } from './values/catalog';

/** Where character images live (ARCHITECTURE §8b): `/character-images/<file>` as upload returns it. */
export const CHARACTER_IMAGE_PATH = '/character-images/';

/**
 * spec §3 "Image paths": a file under the character-images path, or the sign-in provider's photo
 * (common.ts MemberImageUrl: a picture others' browsers load never names another server).
 */
export const ProfileUrl = MemberImageUrl;

/** Extra character-card data kept for a faithful export (see CharacterCardV2 below): JSON text. */
export const CARD_EXTRAS_MAX = 32_768;

/** spec §5 "Character wizard": every limit is checked again here, whatever the client did. */
export const CharacterInput = z
  .object({
    userId: ActorRef,
    name: required(LIMITS.characterName, 'Name'),
    // spec §3: age is optional free text; it gets the name's limit so a card stays a card.
    age: z.string().trim().pipe(upTo(LIMITS.characterName, 'Age')).default(''),
    gender: z.enum(GENDERS),
    genre: z.enum(GENRES),
    appearance: upTo(LIMITS.appearance, 'Appearance').default(''),
    personality: required(LIMITS.personality, 'Personality'),
    // spec §5: the first message is required and has no maximum (the request body cap bounds it).
    firstMessage: required(null, 'First message'),
    background: upTo(LIMITS.background, 'Background').default(''),
    exampleMessages: upTo(LIMITS.exampleMessages, 'Example messages').default(''),
    isPublic: z.boolean().default(false),
    isSpicy: z.boolean().default(false),
    description: z.string().trim().pipe(upTo(LIMITS.publicDescription, 'Description')).default(''),
    profileUrl: ProfileUrl.default(''),
    cardExtras: z
      .string()
      .max(CARD_EXTRAS_MAX)
      .refine((v) => v === '' || isJsonObject(v), `cardExtras must be a JSON object nested at most ${CARD_JSON_MAX_DEPTH} levels deep`)
      .default(''),
    // Beyond the spec, so a client that does not send them (an older wizard) never erases them:
    // absent on create, none; absent on update, kept as they are.
    alternateGreetings: AlternateGreetingList.optional(),
    creatorNotesMultilingual: CreatorNotesByLanguage.optional(),
    /** The character's lorebook (shown back to the owner and admins only; never in listings). */
    lorebook: LorebookWithinTotals.optional(),
  })
  .superRefine((value, ctx) => {
    // spec §5 step 8: a public character needs a short description.
    if (value.isPublic && value.description === '') {
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'A public character needs a short description' });
    }
  })
  // spec §3: isSpicy is meaningful only for romantic characters, so it is kept only for them.
  .transform((value) => ({ ...value, isSpicy: value.genre === 'romantic' && value.isSpicy }));
export type CharacterInput = z.infer<typeof CharacterInput>;
/** A create/update body as a client sends it (fields with defaults may be left out). */
export type CharacterInputBody = z.input<typeof CharacterInput>;

/**
 * GET /api/characters/{id}: the whole character (spec §3) with its derived like count. Its
 * fields are the event snapshot's (one definition), plus what only the catalog's API shows.
 * `lorebook` is there for the owner and admins only (a creator's world notes are theirs).
 */
export const Character = CharacterSnapshot.extend({
  // Always there in the catalog's answers (optional in the snapshot only for older events).
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  adultOverride: z.boolean().nullable(),
  cardExtras: z.string(),
  likes: z.number().int().min(0),
  /** spec §3: public characters show the creator's username ('' until identity has told us). */
  creatorUsername: z.string(),
  /** Grows with every change; the same number `catalog.character.updated` carries. */
  version: z.number().int().min(1),
  createdAt: z.string(),
});
export type Character = z.infer<typeof Character>;

/**
 * A character in a list (discover, a member's characters): everything a card, the library strip
 * or a chat header shows, without the long texts. `personalityPreview` is spec §2's card text
 * fallback: the first 50 characters of personality and an ellipsis when cut.
 */
export const CharacterSummary = Character.omit({
  appearance: true,
  personality: true,
  firstMessage: true,
  background: true,
  exampleMessages: true,
  cardExtras: true,
  alternateGreetings: true,
  creatorNotesMultilingual: true,
  lorebook: true,
}).extend({ personalityPreview: z.string() });
export type CharacterSummary = z.infer<typeof CharacterSummary>;

export const personalityPreview = (personality: string) => preview(personality, PREVIEWS.cardPersonality);

export { cardText, DISCOVER_SEED_COOKIE, PUBLIC_PAGE_DEFAULT, PUBLIC_PAGE_MAX, SEARCH_QUERY_MAX, SEED_MAX, seedCookie, seedFromCookie } from './values/catalog';
export { DISCOVER_SORT_LABELS, DISCOVER_SORTS, POPULAR_WINDOW_DAYS, type DiscoverSort } from './values/catalog';

/**
 * GET /api/characters/public. `genre` is a category id (spec §2; 'all' or absent: every genre);
 * `q` a case-insensitive substring of name, personality or description (spec §5); `seed` the
 * session's random order (0..2^32-1); `cursor` the previous page's nextCursor.
 */
export const PublicCharactersQuery = z.object({
  genre: z.enum(CATEGORY_IDS).optional(),
  q: z.string().max(SEARCH_QUERY_MAX).optional(),
  seed: QueryInt(0, SEED_MAX).optional(),
  cursor: z.string().max(200).optional(),
  limit: QueryInt(1, PUBLIC_PAGE_MAX).default(PUBLIC_PAGE_DEFAULT),
  /**
   * The order: spec §2's random one (default); `popular`, most distinct members chatting in the
   * last POPULAR_WINDOW_DAYS Bangkok days; `new`, newest first; `liked`, most likes. Ties go to
   * the newer character. Any other value is a 400.
   */
  sort: z.enum(DISCOVER_SORTS).default('random'),
});
export type PublicCharactersQuery = z.infer<typeof PublicCharactersQuery>;

export const PublicCharactersPage = z.object({
  characters: z.array(CharacterSummary),
  /** Pass back as `cursor` (with the same seed, genre and q) for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type PublicCharactersPage = z.infer<typeof PublicCharactersPage>;

export const CharacterIdParams = z.object({ id: Id });
export const UserIdParams = z.object({ userId: Id });
export const LikeStatusParams = z.object({ id: Id, uid: Id });

/** spec §3 "Like status". */
export const LikeStatus = z.object({ hasLiked: z.boolean() });
export type LikeStatus = z.infer<typeof LikeStatus>;
/** POST /api/characters/{id}/like. */
export const LikeBody = z.object({ userId: ActorRef, uid: ActorRef });
/** spec §3: the like response carries alreadyLiked and the derived count. */
export const LikeResult = z.object({ alreadyLiked: z.boolean(), likes: z.number().int().min(0) });
export type LikeResult = z.infer<typeof LikeResult>;

/** GET /api/characters/allowance: how many more characters the member may create (QUOTAS.charactersTotal). */
export const CharacterAllowance = z.object({ max: z.number().int().min(0), left: z.number().int().min(0) });
export type CharacterAllowance = z.infer<typeof CharacterAllowance>;

/**
 * GET /internal/characters/{id}/share (catalog, for the gateway's /c/{id} share page): what a link
 * preview shows, only for a public, visible, all-ages character (else 404). `imageUrl` is the
 * character's image path ('' when it has none); the gateway makes it absolute.
 */
export const CharacterShare = z.object({ id: Id, name: z.string(), description: z.string(), imageUrl: z.string() });
export type CharacterShare = z.infer<typeof CharacterShare>;

/** POST /api/upload/character-image multipart fields besides the `image` file. */
export const UploadFields = z.object({ userId: ActorRef, uid: ActorRef, characterId: Id.optional().or(z.literal('')) });
/** spec §3 "Upload result". */
export const UploadResult = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof UploadResult>;

/**
 * A picture's size, read from its header at every upload (catalog README "Images"): every phone that
 * shows it decodes it whole, 4 bytes a pixel, so 50 megapixels (200 MB) is the most a picture may
 * hold, and 8 192 px the most on a side (GPU texture limits).
 */
export const PICTURE_LIMITS = { maxPixels: 50_000_000, maxSide: 8_192 } as const;

/** spec §5, §8: the upload errors, as the server words them and the client shows them. */
export const UPLOAD_MESSAGES = {
  invalid: 'ไฟล์ไม่ถูกต้อง',
  tooLarge: 'ไฟล์ขนาดใหญ่เกินไป',
  /** Beyond the spec: a picture over PICTURE_LIMITS. */
  tooManyPixels: 'รูปภาพมีขนาดใหญ่เกินไป (กว้างหรือสูงได้ไม่เกิน 8,192 พิกเซล และรวมไม่เกิน 50 ล้านพิกเซล)',
} as const;

// ---------------------------------------------------------------------------------------------
// Character Card V2 (beyond the spec, ARCHITECTURE §6 extensions): the community format (spec "chara_card_v2") other
// character tools read and write, as JSON or base64 in a PNG `chara` tEXt chunk.

export const CARD_SPEC = 'chara_card_v2';
export const CARD_SPEC_VERSION = '2.0';
/** Lakorn's own fields travel under data.extensions.lakorn. */
export const CARD_EXTENSION_KEY = 'lakorn';

const cardString = z.string().catch('');
/** `data` of a V2 card. Unknown keys are kept (passthrough): other tools add their own. */
export const CharacterCardV2Data = z
  .object({
    name: cardString,
    description: cardString,
    personality: cardString,
    scenario: cardString,
    first_mes: cardString,
    mes_example: cardString,
    creator_notes: cardString,
    system_prompt: cardString,
    post_history_instructions: cardString,
    alternate_greetings: z.array(z.string()).catch([]),
    character_book: z.unknown().optional(),
    tags: z.array(z.string()).catch([]),
    creator: cardString,
    character_version: cardString,
    extensions: z.record(z.string(), z.unknown()).catch({}),
  })
  .passthrough();
export type CharacterCardV2Data = z.infer<typeof CharacterCardV2Data>;

export const CharacterCardV2 = z.object({
  spec: z.literal(CARD_SPEC),
  spec_version: z.string(),
  data: CharacterCardV2Data,
});
export type CharacterCardV2 = z.infer<typeof CharacterCardV2>;

/** What the wizard is filled with from an imported card: a Character's own fields, not yet checked. */
export const CharacterDraft = Character.omit({ id: true, userId: true, likes: true, creatorUsername: true, version: true, createdAt: true, updatedAt: true, hidden: true, hiddenReason: true, adultOverride: true }).extend({
  /** A card may name no gender or genre Lakorn knows: the wizard asks. */
  gender: z.enum(GENDERS).nullable(),
  genre: z.enum(GENRES).nullable(),
  /** The card's character_book (an empty book when it had none). */
  lorebook: Lorebook,
});
export type CharacterDraft = z.infer<typeof CharacterDraft>;

export { DRAFT_LIMITS, type DraftLimitedField } from './values/catalog';

/** A field the card filled beyond Lakorn's limit: shown for trimming, never cut silently. */
export const OverLongField = z.object({
  field: z.enum(Object.keys(DRAFT_LIMITS) as [DraftLimitedField, ...DraftLimitedField[]]),
  length: z.number().int(),
  max: z.number().int(),
});
export type OverLongField = z.infer<typeof OverLongField>;

/** POST /api/upload/character-card (multipart `card`: a V2 JSON file or a PNG card). */
export const CardImportResult = z.object({
  draft: CharacterDraft,
  overLong: z.array(OverLongField),
  /** Card parts Lakorn keeps but does not use (e.g. a scenario), and what an import changed, named for the user. */
  notes: z.array(z.string()),
});
export type CardImportResult = z.infer<typeof CardImportResult>;

/** POST /api/upload/character-card/png: multipart `image` (a PNG picture) and `characterId`. */
export const CardPngFields = z.object({ userId: ActorRef, uid: ActorRef, characterId: Id });

// ---------------------------------------------------------------------------------------------
// Reports, moderation and the audit log (catalog README "Moderation and the age gate"; Thai texts
// and reason labels in values/catalog.ts).

export {
  AUDIT_ACTIONS,
  CHAT_BLOCK_MESSAGES,
  CHAT_BLOCKS,
  HIDDEN_REASON_ADMIN,
  hiddenReasonLabel,
  isAdultCharacter,
  MODERATION_ERROR_CODES,
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type AdultFields,
  type AuditAction,
  type ChatBlock,
  type ReportReason,
} from './values/catalog';

/** POST /api/characters/{id}/reports. */
export const ReportBody = z.object({
  reason: z.enum(REPORT_REASONS),
  details: z.string().trim().pipe(upTo(REPORT_DETAILS_MAX, 'Details')).default(''),
});
export type ReportBody = z.infer<typeof ReportBody>;
export type ReportBodyInput = z.input<typeof ReportBody>;

/** 201 of a report: its id and the Thai confirmation (MODERATION_MESSAGES.reported). */
export const ReportResult = z.object({ id: z.string(), message: z.string() });
export type ReportResult = z.infer<typeof ReportResult>;

export const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** One report in the admin queue, with the character it names and how often it was reported. */
export const AdminReport = z.object({
  id: z.string(),
  characterId: z.string(),
  /** '' when the character was deleted since. */
  characterName: z.string(),
  characterOwnerId: z.string(),
  characterOwnerUsername: z.string(),
  characterProfileUrl: z.string(),
  characterHidden: z.boolean(),
  characterHiddenReason: z.string().nullable(),
  /** isAdultCharacter of the character now. */
  characterAdult: z.boolean(),
  characterAdultOverride: z.boolean().nullable(),
  reporterId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  /** Open reports on this character (this one included while open). */
  openReports: z.number().int().min(0),
  /** Every report on this character. */
  totalReports: z.number().int().min(0),
});
export type AdminReport = z.infer<typeof AdminReport>;

/** GET /api/admin/reports: open reports first (oldest first), then resolved ones (newest first). */
export const AdminReportsQuery = z.object({
  status: z.enum(['open', 'all']).default('all'),
  cursor: z.string().max(200).optional(),
  limit: QueryInt(1, 100).default(50),
});
export type AdminReportsQuery = z.infer<typeof AdminReportsQuery>;
export const AdminReportsPage = z.object({ reports: z.array(AdminReport), nextCursor: z.string().nullable() });
export type AdminReportsPage = z.infer<typeof AdminReportsPage>;

export const ReportIdParams = z.object({ id: Id });
/** POST /api/admin/reports/{id}/resolve: hide the character (every open report on it closes) or dismiss this report. */
export const ResolveReportBody = z.object({ action: z.enum(['hide', 'dismiss']) });
export type ResolveReportBody = z.infer<typeof ResolveReportBody>;
/** The resolved report, as the queue shows it. */
export const ResolveReportResult = AdminReport;

/**
 * PUT /api/admin/characters/{id}/moderation: hide or show a character; mark it 18+ (true), all
 * ages (false), or follow isSpicy again (null). Answers the Character as admins see it.
 */
export const ModerationBody = z
  .object({ hidden: z.boolean().optional(), adult: z.boolean().nullable().optional() })
  .refine((v) => v.hidden !== undefined || v.adult !== undefined, 'Give hidden or adult');
export type ModerationBody = z.infer<typeof ModerationBody>;

/** One admin action in the audit log (GET /api/admin/audit), newest first: as it was published. */
export const AuditEntry = AdminAction;
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: QueryInt(1, 100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export const AuditPage = z.object({ entries: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

// ---------------------------------------------------------------------------------------------
// Creator stats (services/catalog README "Creator stats")

export { CHARACTER_STATS_SERIES_DAYS, CHARACTER_STATS_WINDOWS, type CharacterStatsWindow } from './values/catalog';

/** What a character drew in one window (or one Bangkok day). */
export const CharacterStatsCounts = z.object({
  chatsStarted: z.number().int().min(0),
  messagesReceived: z.number().int().min(0),
  /** Members who opened a chat or sent a message (each once however many days or chats). */
  members: z.number().int().min(0),
  likes: z.number().int().min(0),
  thumbsUp: z.number().int().min(0),
  thumbsDown: z.number().int().min(0),
});
export type CharacterStatsCounts = z.infer<typeof CharacterStatsCounts>;

/**
 * GET /api/characters/{id}/stats: the last 7 and 30 Bangkok days (today included) and all time,
 * and one entry per day of the last CHARACTER_STATS_SERIES_DAYS (oldest first, `day` yyyy-MM-dd
 * in Bangkok) for the chart. The owner and admins only: 403 for someone else's public character,
 * 404 for one they may not see.
 */
export const CharacterStats = z.object({
  characterId: z.string(),
  windows: z.object({ days7: CharacterStatsCounts, days30: CharacterStatsCounts, all: CharacterStatsCounts }),
  daily: z.array(CharacterStatsCounts.extend({ day: z.string() })),
  /** When these were counted (ISO). */
  at: z.string(),
});
export type CharacterStats = z.infer<typeof CharacterStats>;
