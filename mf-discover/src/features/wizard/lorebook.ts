import { CHARACTER_BODY_LIMIT_BYTES, characterCount, LOREBOOK_LIMITS, type Lorebook, type LorebookEntry } from '@lakorn/contracts/web';
import { LOREBOOK_TEXT } from './messages';

// The lorebook's draft rules, apart from the screens: the limits the catalog's schema checks
// (contracts lorebook.ts, LOREBOOK_LIMITS), so the wizard refuses in Thai what the server would
// refuse, and nothing else: an entry that cannot fire is named, never refused.

/** The wizard's path segment for the optional lorebook step (/create-character/lorebook): not one of the spec's nine. */
export const LOREBOOK_STEP = 'lorebook';

/** The order range the catalog accepts (contracts LorebookEntry.order). */
export const ORDER_RANGE = { min: -1_000_000, max: 1_000_000 } as const;

export const EMPTY_LOREBOOK: Lorebook = {
  entries: [],
  budgetTokens: LOREBOOK_LIMITS.budgetTokensDefault,
  scanDepth: LOREBOOK_LIMITS.scanDepthDefault,
  cardExtras: '',
};

/** A new entry: switched on, matched by whole words, at the default order (ties keep their place, so it comes after the others). */
export function newEntry(): LorebookEntry {
  return { keys: [], secondaryKeys: [], content: '', enabled: true, constant: false, matchSubstring: false, order: LOREBOOK_LIMITS.orderDefault, cardExtras: '' };
}

/** A new entry nothing was typed into (closing its dialog leaves no empty entry behind). */
export function isUntouched(entry: LorebookEntry): boolean {
  return entry.keys.length === 0 && entry.secondaryKeys.length === 0 && entry.content.trim() === '';
}

/** The entries as the editor lists them: by their order, ties by position (as the prompt takes them). */
export function entriesInOrder(book: Lorebook): Array<{ entry: LorebookEntry; index: number }> {
  return book.entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.order - b.entry.order || a.index - b.index);
}

/** A key as typed, trimmed (the catalog trims it too); null when blank. */
export function cleanKey(raw: string): string | null {
  const key = raw.trim();
  return key === '' ? null : key;
}

/** Why a key cannot be added to `keys`, in Thai; null when it can. */
export function keyRefusal(key: string, keys: readonly string[]): string | null {
  if (characterCount(key) > LOREBOOK_LIMITS.keyMax) return LOREBOOK_TEXT.keyTooLong(LOREBOOK_LIMITS.keyMax);
  if (keys.length >= LOREBOOK_LIMITS.keysPerEntry) return LOREBOOK_TEXT.keysFull(LOREBOOK_LIMITS.keysPerEntry);
  const same = key.normalize('NFKC').toLowerCase();
  if (keys.some((existing) => existing.normalize('NFKC').toLowerCase() === same)) return LOREBOOK_TEXT.keyDuplicate;
  return null;
}

/** What the catalog would refuse in one entry, in Thai; null when it would take it. */
export function entryRefusal(entry: LorebookEntry): string | null {
  if (characterCount(entry.content) > LOREBOOK_LIMITS.contentMax) return LOREBOOK_TEXT.contentTooLong(LOREBOOK_LIMITS.contentMax);
  if (entry.order < ORDER_RANGE.min || entry.order > ORDER_RANGE.max) return LOREBOOK_TEXT.numberRange(LOREBOOK_TEXT.order, ORDER_RANGE.min, ORDER_RANGE.max);
  return null;
}

/** Why an entry the catalog accepts will never reach the prompt (no keys, no content); null when it can. */
export function entryIdle(entry: LorebookEntry): string | null {
  if (entry.content.trim() === '') return LOREBOOK_TEXT.noContentIdle;
  if (!entry.constant && entry.keys.length === 0) return LOREBOOK_TEXT.noKeysIdle;
  return null;
}

/** What stops the book being saved, in Thai (naming the entry by its place in the list); null when nothing does. */
export function lorebookRefusal(book: Lorebook): string | null {
  if (book.entries.length > LOREBOOK_LIMITS.entries) return LOREBOOK_TEXT.tooManyEntries(LOREBOOK_LIMITS.entries);
  const listed = entriesInOrder(book);
  for (let position = 0; position < listed.length; position++) {
    const refusal = entryRefusal(listed[position]!.entry);
    if (refusal) return LOREBOOK_TEXT.problemAt(position + 1, refusal);
  }
  return null;
}

/** A request body's size as the gateway counts it: its JSON in UTF-8 bytes (Thai takes 3 a character). */
export function bodyBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/**
 * The gateway refuses a character create or update past CHARACTER_BODY_LIMIT_BYTES (413): a full
 * lorebook of Thai text passes it before the entry limits do, so the size is a limit of its own.
 * `bytes` is the whole body's size; the refusal in Thai, or null when it fits.
 */
export function bodyRefusal(bytes: number): string | null {
  return bytes > CHARACTER_BODY_LIMIT_BYTES ? LOREBOOK_TEXT.tooLarge(Math.ceil(bytes / 1024), CHARACTER_BODY_LIMIT_BYTES / 1024) : null;
}
