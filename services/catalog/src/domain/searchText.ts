// spec §5: search is a case-insensitive substring of name, personality or description, Thai
// included. The discover index keeps that text for every public character in memory (see
// discoverIndex.ts for why), so it is stored compactly: the lower-cased text with the Thai block
// (U+0E00-U+0E7F, 128 code points) moved onto U+0080-U+00FF. A text of ASCII and Thai then fits a
// one-byte V8 string: half the memory of the two-byte original, and faster to scan. The mapping is
// one-to-one on such texts, so a substring of the text is exactly a substring of its folded form;
// any other character (emoji, Latin-1, other scripts) keeps the plain lower-cased text instead.

export interface SearchText {
  text: string;
  /** true: `text` is folded; false: `text` is the plain lower-cased text. */
  folded: boolean;
}

export interface SearchQuery {
  /** The lower-cased query. */
  plain: string;
  /** The folded query, or null when it has a character no folded text contains. */
  folded: string | null;
}

const THAI_FIRST = 0x0e00;
const THAI_LAST = 0x0e7f;
const FOLD_BASE = 0x80;

/** The folded form of an already lower-cased string, or null when it has other characters. */
function fold(lower: string): string | null {
  const bytes = Buffer.allocUnsafe(lower.length);
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    if (code < 0x80) bytes[i] = code;
    else if (code >= THAI_FIRST && code <= THAI_LAST) bytes[i] = code - THAI_FIRST + FOLD_BASE;
    else return null;
  }
  // latin1 decoding makes a flat one-byte string (string concatenation would build a rope).
  return bytes.toString('latin1');
}

/** The searchable text of a character: name, description and personality (spec §5). */
export function searchText(fields: { name: string; description: string; personality: string }): SearchText {
  const lower = `${fields.name}\n${fields.description}\n${fields.personality}`.toLowerCase();
  const folded = fold(lower);
  return folded === null ? { text: lower, folded: false } : { text: folded, folded: true };
}

export function searchQuery(q: string): SearchQuery {
  const plain = q.toLowerCase();
  return { plain, folded: fold(plain) };
}

export function matches(text: SearchText, query: SearchQuery): boolean {
  if (!text.folded) return text.text.includes(query.plain);
  return query.folded !== null && text.text.includes(query.folded);
}
