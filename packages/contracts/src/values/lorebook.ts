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
  // Per book, so the work a send's lore step does has a bound the per-item limits alone do not
  // give (200 × 50 × 2 keys of 100): chat README "Lorebooks". Primary and secondary keys count.
  keysPerBook: 1_000,
  /** Characters of all the book's keys together. */
  keyCharactersPerBook: 10_000,
  /** Card data of an entry that has no Lakorn field (JSON text), kept for a faithful export. */
  entryCardExtrasMax: 4_096,
  /** Tokens the fired entries may take in the prompt, counted by the prompt's own estimate. */
  budgetTokensMax: 8_192,
  budgetTokensDefault: 1_024,
  /** How many of the latest messages (the new one included) are searched for keys. */
  scanDepthDefault: 4,
  scanDepthMax: 50,
  /** Characters of those messages searched, newest first: 50 messages of 4 000 are not all read. */
  scanCharactersMax: 8_000,
  /** An entry's place among the fired ones: lower comes first in the prompt and in the budget. */
  orderDefault: 100,
} as const;

const thousands = (n: number) => n.toLocaleString('en-US');

/**
 * Why a book's keys pass the per-book totals (LOREBOOK_LIMITS.keysPerBook, keyCharactersPerBook;
 * primary and secondary keys, in characters), in Thai for the creator; null when within them.
 */
export function lorebookTotalsProblem(entries: ReadonlyArray<{ keys: readonly string[]; secondaryKeys: readonly string[] }>): string | null {
  let keys = 0;
  let characters = 0;
  for (const entry of entries) {
    for (const key of [...entry.keys, ...entry.secondaryKeys]) {
      keys += 1;
      characters += Array.from(key).length;
    }
  }
  if (keys > LOREBOOK_LIMITS.keysPerBook) {
    return `สมุดข้อมูล (lorebook) มีคำสำคัญได้ไม่เกิน ${thousands(LOREBOOK_LIMITS.keysPerBook)} คำ รวมคำสำคัญรอง (ตอนนี้มี ${thousands(keys)} คำ)`;
  }
  if (characters > LOREBOOK_LIMITS.keyCharactersPerBook) {
    return `คำสำคัญทั้งหมดของสมุดข้อมูล (lorebook) ยาวรวมกันได้ไม่เกิน ${thousands(LOREBOOK_LIMITS.keyCharactersPerBook)} ตัวอักษร (ตอนนี้ ${thousands(characters)} ตัวอักษร)`;
  }
  return null;
}

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
