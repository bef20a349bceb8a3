// Lorebooks (beyond the spec, ARCHITECTURE §6 extensions and §7 prompt): a character's world
// knowledge, entries that enter the prompt only when their keys come up. Zod-free: the wizard's
// editor and the chat service read the same limits and the same matching (./lorebookMatch.ts).

/** The size of a lorebook; the gateway's body limit for character writes is raised to fit it. */
export const LOREBOOK_LIMITS = {
  entries: 200,
  /** An entry's content, in characters (code points). */
  contentMax: 2_000,
  keysPerEntry: 50,
  /** One key, in characters. */
  keyMax: 100,
  /** Card data of an entry that has no Lakorn field (JSON text), kept for a faithful export. */
  entryCardExtrasMax: 4_096,
  /** Tokens the fired entries may take in the prompt, counted by the prompt's own estimate. */
  budgetTokensMax: 8_192,
  budgetTokensDefault: 1_024,
  /** How many of the latest messages (the new one included) are searched for keys. */
  scanDepthDefault: 4,
  scanDepthMax: 50,
  /** An entry's place among the fired ones: lower comes first in the prompt and in the budget. */
  orderDefault: 100,
} as const;

/** Alternate greetings a character may carry besides its first message (Card V2 `alternate_greetings`). */
export const ALTERNATE_GREETINGS_MAX = 50;
/** V3 `creator_notes_multilingual`: languages, and characters per language's notes. */
export const CREATOR_NOTES_LANGUAGES_MAX = 20;
export const CREATOR_NOTES_MAX = 5_000;
/** A language code as V3 cards name them (ISO 639-1 and the like): never a `.` or `$`, so a stored key is safe. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/**
 * The gateway's body limit for character create and update (beyond its default), 1 MB as the
 * lorebook rules set it: a full lorebook of Latin text (200 × 2 000 characters, 400 KB) with room to
 * spare; Thai takes 3 bytes a character in UTF-8, so about 340 000 Thai characters of lore fit,
 * not the 400 000 the entry limits allow (a request past it is a 413).
 */
export const CHARACTER_BODY_LIMIT_BYTES = 1024 * 1024;
