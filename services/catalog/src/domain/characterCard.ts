import { z } from 'zod';
import {
  ALTERNATE_GREETINGS_MAX,
  CARD_EXTENSION_KEY,
  CARD_EXTRAS_MAX,
  CARD_JSON_MAX_DEPTH,
  CARD_SPEC,
  CARD_SPEC_VERSION,
  CharacterCardV2Data,
  characterCount,
  DRAFT_LIMITS,
  GENDERS,
  GENRES,
  jsonTextShape,
  LANGUAGE_CODE,
  Lorebook,
  type Character,
  type CharacterDraft,
  type DraftLimitedField,
  type Genre,
  type OverLongField,
} from '@lakorn/contracts';
import { lorebookFromCard, lorebookToCard } from './characterBook';
import { CardOverBudget, InvalidCard } from './errors';

// Character Card V2 (beyond the spec, ARCHITECTURE §6 extensions): the mapping between a Lakorn character and the
// community card format ("chara_card_v2"), pure so it can be tested alone.
//
//   personality          ⇄ data.personality
//   appearance+background ⇄ data.description (joined by a blank line; split back through
//                           extensions.lakorn while the description is still the one we wrote)
//   first message         ⇄ data.first_mes
//   example messages      ⇄ data.mes_example
//   genre                 ⇄ data.tags (first tag that names a genre)
//   alternate greetings   ⇄ data.alternate_greetings
//   creator notes by language ⇄ data.creator_notes_multilingual (Card V3)
//   lorebook              ⇄ data.character_book (characterBook.ts)
//   the rest (age, gender, genre, the short public description, privacy, spicy, appearance and
//   background on their own) ⇄ data.extensions.lakorn
//
// Card parts Lakorn has no field for (scenario, creator notes, system prompt, other tools'
// extensions, V3's nickname, assets, dates…, unknown keys) are kept as JSON text in the character's
// `cardExtras` and written back on export, so another tool's data survives a round trip. A V3 card
// (JSON, or a PNG's `ccv3` chunk) is read as V2 plus its additions; export writes V2.

/** The card a Lakorn character exports: V2 `data`, mirrored at the root as V1 readers expect. */
export interface ExportedCard {
  spec: typeof CARD_SPEC;
  spec_version: typeof CARD_SPEC_VERSION;
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  data: CharacterCardV2Data;
}

/** What a card is made of: a Character (packages/contracts) without its ids, picture, likes and times. */
export type CardCharacter = Omit<Character, 'id' | 'userId' | 'profileUrl' | 'likes' | 'createdAt' | 'updatedAt' | 'hidden' | 'hiddenReason' | 'adultOverride'>;

/** extensions.lakorn as we write it (version 1). */
const LakornExtension = z.object({
  version: z.literal(1),
  age: z.string().catch(''),
  gender: z.enum(GENDERS).nullable().catch(null),
  genre: z.enum(GENRES).nullable().catch(null),
  appearance: z.string().catch(''),
  background: z.string().catch(''),
  description: z.string().catch(''),
  isPublic: z.boolean().catch(false),
  isSpicy: z.boolean().catch(false),
});
type LakornExtension = z.infer<typeof LakornExtension>;

/** What cardExtras holds: the card's data that has no Lakorn field. */
const Extras = z
  .object({
    scenario: z.string().optional(),
    creator_notes: z.string().optional(),
    system_prompt: z.string().optional(),
    post_history_instructions: z.string().optional(),
    // Kept by characters imported before these had fields of their own (still exported).
    alternate_greetings: z.array(z.string()).optional(),
    character_book: z.unknown().optional(),
    creator_notes_multilingual: z.unknown().optional(),
    tags: z.array(z.string()).optional(),
    creator: z.string().optional(),
    character_version: z.string().optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
type Extras = z.infer<typeof Extras>;

const MAPPED_KEYS = new Set(['name', 'description', 'personality', 'first_mes', 'mes_example']);

/** appearance and background as one card description. */
export function joinDescription(appearance: string, background: string): string {
  return [appearance.trim(), background.trim()].filter(Boolean).join('\n\n');
}

const GENRE_WORDS: Record<string, Genre> = {
  romantic: 'romantic',
  romance: 'romantic',
  love: 'romantic',
  'โรแมนติก': 'romantic',
  adventure: 'adventure',
  action: 'adventure',
  'ผจญภัย': 'adventure',
  daily: 'daily',
  'daily life': 'daily',
  'slice of life': 'daily',
  'ชีวิตประจำวัน': 'daily',
  friendship: 'friendship',
  friend: 'friendship',
  friends: 'friendship',
  'มิตรภาพ': 'friendship',
};

export function genreFromTags(tags: string[]): Genre | null {
  for (const tag of tags) {
    const genre = GENRE_WORDS[tag.trim().toLowerCase()];
    if (genre) return genre;
  }
  return null;
}

function parseExtras(text: string): Extras {
  if (text === '') return {};
  try {
    const parsed = Extras.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * A cardExtras text, or '' when it nests past CARD_MAX_DEPTH: such text predates the limit
 * (contracts isJsonObject), and writing it into a card overflowed JSON.stringify (a 500).
 */
const shallowExtras = (text: string) => (jsonTextShape(text, CARD_MAX_DEPTH).depth > CARD_MAX_DEPTH ? '' : text);

/** The lorebook with every cardExtras it carries kept only while shallow enough to export. */
function exportableBook(book: Lorebook | undefined): Lorebook | undefined {
  return book && { ...book, cardExtras: shallowExtras(book.cardExtras), entries: book.entries.map((entry) => ({ ...entry, cardExtras: shallowExtras(entry.cardExtras) })) };
}

/** The V2 card of a Lakorn character. */
export function toCard(character: CardCharacter): ExportedCard {
  const extras = parseExtras(shallowExtras(character.cardExtras));
  const { extensions: otherExtensions, tags: otherTags, character_book: keptBook, creator_notes_multilingual: keptNotes, ...rest } = extras;
  const book = lorebookToCard(exportableBook(character.lorebook)) ?? keptBook;
  const notesByLanguage = Object.keys(character.creatorNotesMultilingual).length > 0 ? character.creatorNotesMultilingual : keptNotes;
  const lakorn: LakornExtension = {
    version: 1,
    age: character.age,
    gender: character.gender,
    genre: character.genre,
    appearance: character.appearance,
    background: character.background,
    description: character.description,
    isPublic: character.isPublic,
    isSpicy: character.isSpicy,
  };
  const data: CharacterCardV2Data = {
    ...rest,
    name: character.name,
    description: joinDescription(character.appearance, character.background),
    personality: character.personality,
    scenario: extras.scenario ?? '',
    first_mes: character.firstMessage,
    mes_example: character.exampleMessages,
    creator_notes: extras.creator_notes ?? '',
    system_prompt: extras.system_prompt ?? '',
    post_history_instructions: extras.post_history_instructions ?? '',
    alternate_greetings: character.alternateGreetings.length > 0 ? character.alternateGreetings : (extras.alternate_greetings ?? []),
    ...(book !== undefined ? { character_book: book } : {}),
    ...(notesByLanguage !== undefined ? { creator_notes_multilingual: notesByLanguage } : {}),
    tags: [character.genre, ...(otherTags ?? []).filter((tag) => tag !== character.genre)],
    creator: extras.creator ?? character.creatorUsername,
    character_version: extras.character_version ?? String(character.version),
    extensions: { ...otherExtensions, [CARD_EXTENSION_KEY]: lakorn },
  };
  return {
    spec: CARD_SPEC,
    spec_version: CARD_SPEC_VERSION,
    name: data.name,
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    first_mes: data.first_mes,
    mes_example: data.mes_example,
    data,
  };
}

/** A card's `data`, from a V2 or V3 card, or lifted from a V1 card's root fields. */
function cardData(json: unknown): CharacterCardV2Data {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new InvalidCard('A card is a JSON object');
  const card = json as Record<string, unknown>;
  const spec = card.spec;
  if (spec === CARD_SPEC || spec === 'chara_card_v3') {
    const data = CharacterCardV2Data.safeParse(card.data);
    if (!data.success) throw new InvalidCard('The card has no data object');
    return data.data;
  }
  if (spec !== undefined) throw new InvalidCard(`Unknown card format: ${String(spec)}`);
  // V1: the fields sit at the root.
  if (typeof card.name !== 'string' || (typeof card.first_mes !== 'string' && typeof card.personality !== 'string')) {
    throw new InvalidCard('Not a character card');
  }
  return CharacterCardV2Data.parse(card);
}

function overLong(draft: CharacterDraft): OverLongField[] {
  return (Object.keys(DRAFT_LIMITS) as DraftLimitedField[])
    .map((field) => ({ field, length: characterCount(draft[field]), max: DRAFT_LIMITS[field] }))
    .filter((entry) => entry.length > entry.max);
}

const isEmpty = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ||
  (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

export interface ImportedCard {
  draft: CharacterDraft;
  overLong: OverLongField[];
  /** Thai notes on card parts that are kept but not used, for the wizard to show. */
  notes: string[];
}

/**
 * A card (parsed JSON) as a wizard draft. Nothing is cut: fields over Lakorn's limits are listed
 * in `overLong` for the user to trim.
 */
export function fromCard(json: unknown): ImportedCard {
  const data = cardData(json);
  const { [CARD_EXTENSION_KEY]: lakornRaw, ...otherExtensions } = data.extensions;
  const parsedLakorn = LakornExtension.safeParse(lakornRaw);
  const lakorn = parsedLakorn.success ? parsedLakorn.data : null;
  // Our split of the description holds only while another tool has not rewritten it.
  const split = lakorn !== null && joinDescription(lakorn.appearance, lakorn.background) === data.description.trim();
  const genre = lakorn?.genre ?? genreFromTags(data.tags);

  const draft: CharacterDraft = {
    name: data.name.trim(),
    age: lakorn?.age ?? '',
    gender: lakorn?.gender ?? null,
    genre,
    appearance: split && lakorn ? lakorn.appearance : '',
    personality: data.personality,
    firstMessage: data.first_mes,
    background: split && lakorn ? lakorn.background : data.description.trim(),
    exampleMessages: data.mes_example,
    isPublic: lakorn?.isPublic ?? false,
    isSpicy: genre === 'romantic' && (lakorn?.isSpicy ?? false),
    description: lakorn?.description ?? '',
    profileUrl: '',
    cardExtras: '',
    alternateGreetings: data.alternate_greetings.filter((greeting) => greeting.trim() !== ''),
    creatorNotesMultilingual: notesByLanguage(data.creator_notes_multilingual),
    lorebook: Lorebook.parse({}),
  };

  const book = lorebookFromCard(data.character_book);
  draft.lorebook = book.lorebook;
  const notes: string[] = [];
  const unknownKeys = Object.fromEntries(
    Object.entries(data).filter(([key]) => !MAPPED_KEYS.has(key) && !(key in Extras.shape) && key !== 'extensions'),
  );
  const extras: Extras = {
    ...unknownKeys,
    scenario: data.scenario,
    creator_notes: data.creator_notes,
    system_prompt: data.system_prompt,
    post_history_instructions: data.post_history_instructions,
    tags: data.tags.filter((tag) => tag !== genre),
    creator: data.creator,
    character_version: data.character_version,
    extensions: otherExtensions,
  };
  const kept = Object.fromEntries(Object.entries(extras).filter(([, value]) => !isEmpty(value)));
  if (data.scenario.trim()) notes.push('ฉาก (scenario) ของการ์ดถูกเก็บไว้กับการ์ด แต่ไม่ได้ใช้ในการสนทนา');
  const greetings = draft.alternateGreetings.length;
  if (greetings > 0) notes.push(`คำทักทายอื่นอีก ${greetings} แบบถูกนำเข้า ให้เลือกเป็นข้อความแรกเมื่อเริ่มแชท`);
  if (greetings > ALTERNATE_GREETINGS_MAX) notes.push(`คำทักทายอื่นมี ${greetings} แบบ เกินกว่าที่เก็บได้ ${ALTERNATE_GREETINGS_MAX} แบบ กรุณาลบบางแบบก่อนบันทึก`);
  notes.push(...book.notes);

  let text = Object.keys(kept).length > 0 ? JSON.stringify(kept) : '';
  if (text.length > CARD_EXTRAS_MAX) {
    text = '';
    notes.push('ข้อมูลเพิ่มเติมของการ์ดใหญ่เกินกว่าจะเก็บได้ จึงไม่ถูกนำเข้า');
  }
  draft.cardExtras = text;
  return { draft, overLong: overLong(draft), notes };
}

/** V3 creator_notes_multilingual: the languages named by a code Lakorn can store (LANGUAGE_CODE) with text notes. */
function notesByLanguage(raw: unknown): Record<string, string> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter((pair): pair is [string, string] => LANGUAGE_CODE.test(pair[0]) && typeof pair[1] === 'string'),
  );
}

/**
 * What reading one card's JSON may cost (README "Cards"), from a JSON file or a PNG's card text:
 * 5 MB of JSON held the event loop for half a second. Past it the file is refused (CardOverBudget).
 */
export const CARD_JSON_BUDGET = {
  /** Bytes of JSON: a card with a full lorebook of Thai (what a character save carries) is under 1 MB. */
  bytes: 1024 * 1024,
  /** Values (openings and commas): a full lorebook is about 15 000. */
  values: 100_000,
} as const;

/** How deep a card's JSON may nest (contracts CARD_JSON_MAX_DEPTH). */
export const CARD_MAX_DEPTH = CARD_JSON_MAX_DEPTH;

/**
 * A card's JSON from a file's bytes: a JSON file, or the base64-decoded text of a PNG card. Its
 * size, depth and values are checked from the text before it is parsed.
 */
export function parseCardJson(bytes: Buffer): unknown {
  if (bytes.length > CARD_JSON_BUDGET.bytes) throw new CardOverBudget(`more than ${CARD_JSON_BUDGET.bytes} bytes of JSON`);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const shape = jsonTextShape(text, CARD_MAX_DEPTH);
  if (shape.depth > CARD_MAX_DEPTH) throw new InvalidCard(`The card is nested more than ${CARD_MAX_DEPTH} levels deep`);
  if (shape.values > CARD_JSON_BUDGET.values) throw new CardOverBudget(`more than ${CARD_JSON_BUDGET.values} JSON values`);
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidCard('The card is not valid JSON');
  }
}
