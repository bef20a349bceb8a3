import { z } from 'zod';
import { characterCount } from './constants';
import {
  ALTERNATE_GREETINGS_MAX,
  CREATOR_NOTES_LANGUAGES_MAX,
  CREATOR_NOTES_MAX,
  LANGUAGE_CODE,
  LOREBOOK_LIMITS as L,
  lorebookTotalsProblem,
} from './values/lorebook';

// A character's lorebook, alternate greetings and multilingual creator notes (beyond the spec,
// ARCHITECTURE §6 extensions): the shapes character create/update bodies, GET /api/characters/{id}
// and catalog.character.updated carry. Limits are in ./values/lorebook.ts. Card fields Lakorn has
// no use for stay as JSON text (`cardExtras`), as the character's own do: a stored key may hold
// no `.` or `$` and FerretDB v1 stores no nested arrays (ARCHITECTURE §2).

const jsonObjectText = (max: number, what: string) =>
  z
    .string()
    .max(max)
    .refine((v) => v === '' || isJsonObject(v), `${what} must be a JSON object nested at most ${CARD_JSON_MAX_DEPTH} levels deep`)
    .default('');

/**
 * How deep card JSON may nest: a card, and each `cardExtras` text (catalog README "Cards"). A real
 * card is a few levels deep; thousands of levels pass JSON.parse but overflow the stack of what
 * follows (JSON.stringify of an export: a 500), and MongoDB keeps at most 100.
 */
export const CARD_JSON_MAX_DEPTH = 32;

/**
 * JSON text's nesting depth and how many values it holds (openings and commas), read from the text
 * without parsing it; the scan stops once deeper than `maxDepth` (reporting maxDepth + 1).
 */
export function jsonTextShape(text: string, maxDepth: number): { depth: number; values: number } {
  let depth = 0;
  let deepest = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      values++;
      depth++;
      deepest = Math.max(deepest, depth);
      if (deepest > maxDepth) break;
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c) values++;
  }
  return { depth: deepest, values };
}

/** A JSON object's text, nested no deeper than CARD_JSON_MAX_DEPTH. */
export function isJsonObject(text: string): boolean {
  if (jsonTextShape(text, CARD_JSON_MAX_DEPTH).depth > CARD_JSON_MAX_DEPTH) return false;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

const LoreKey = z
  .string()
  .trim()
  .min(1, 'A key is not blank')
  .refine((v) => characterCount(v) <= L.keyMax, `A key is at most ${L.keyMax} characters`);

export const LorebookEntry = z.object({
  /** Any of them fires the entry (whole words, Thai-aware: values/lorebookMatch.ts). */
  keys: z.array(LoreKey).max(L.keysPerEntry).default([]),
  /** When not empty, one of them must appear too (SillyTavern's "AND ANY"). */
  secondaryKeys: z.array(LoreKey).max(L.keysPerEntry).default([]),
  content: z.string().refine((v) => characterCount(v) <= L.contentMax, `An entry's content is at most ${L.contentMax} characters`),
  enabled: z.boolean().default(true),
  /** Always in the prompt (within the budget), whatever the messages say. */
  constant: z.boolean().default(false),
  /** Lower first, in the prompt and in the budget. */
  order: z.number().int().min(-1_000_000).max(1_000_000).default(L.orderDefault),
  /** Plain substring matching instead of whole words (a key that must fire inside longer words). */
  matchSubstring: z.boolean().default(false),
  /** The card entry's other fields (id, comment, priority, position, extensions…) as JSON text. */
  cardExtras: jsonObjectText(L.entryCardExtrasMax, 'An entry’s cardExtras'),
});
export type LorebookEntry = z.infer<typeof LorebookEntry>;

export const Lorebook = z.object({
  entries: z.array(LorebookEntry).max(L.entries, `A lorebook has at most ${L.entries} entries`).default([]),
  budgetTokens: z.number().int().min(0).max(L.budgetTokensMax).default(L.budgetTokensDefault),
  scanDepth: z.number().int().min(0).max(L.scanDepthMax).default(L.scanDepthDefault),
  /** The card book's other fields (name, description, recursive_scanning, extensions…) as JSON text. */
  cardExtras: jsonObjectText(32_768, 'A lorebook’s cardExtras'),
});
export type Lorebook = z.infer<typeof Lorebook>;

/**
 * A lorebook as a character create or update saves it: within the per-book totals too (a 400 in
 * Thai past them). Events and stored copies parse with `Lorebook`, so a book saved before the
 * totals still travels; chat matches its first keys within them (values/lorebookMatch.ts).
 */
export const LorebookWithinTotals = Lorebook.superRefine((book, ctx) => {
  const problem = lorebookTotalsProblem(book.entries);
  if (problem) ctx.addIssue({ code: 'custom', path: ['entries'], message: problem });
});

/** Card V2 `alternate_greetings`: other first messages a chat may start with (no maximum each, as firstMessage). */
export const AlternateGreetingList = z
  .array(z.string().trim().min(1, 'A greeting is not blank'))
  .max(ALTERNATE_GREETINGS_MAX, `At most ${ALTERNATE_GREETINGS_MAX} alternate greetings`);
/** As a character carries them: none when a copy predates them. */
export const AlternateGreetings = AlternateGreetingList.default([]);

/** Card V3 `creator_notes_multilingual`: language code → the creator's notes (`th` is shown in chat). */
export const CreatorNotesByLanguage = z
  .record(
    z.string().regex(LANGUAGE_CODE, 'A language code such as th or en'),
    z.string().refine((v) => characterCount(v) <= CREATOR_NOTES_MAX, `Creator notes are at most ${CREATOR_NOTES_MAX} characters`),
  )
  .refine((v) => Object.keys(v).length <= CREATOR_NOTES_LANGUAGES_MAX, `At most ${CREATOR_NOTES_LANGUAGES_MAX} languages`);
/** As a character carries them: none when a copy predates them. */
export const CreatorNotesMultilingual = CreatorNotesByLanguage.default({});
