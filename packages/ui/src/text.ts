// Thai-aware text for the screens (README "Thai text on screen"): where a string may be cut, which
// letter stands for a name, and which words a line must not break inside. Thai is written without
// spaces and its leading vowels (เ แ โ ใ ไ) come before the consonant they are said after, so
// neither code points nor Unicode grapheme clusters are places where a Thai reader can be cut off.

const LEADING_VOWEL = /^[\u0E40-\u0E44]$/u;
/** Vowels and signs written after the consonant that are letters of their own in Unicode (ะ า ำ ๅ ๆ ฯ). */
const FOLLOWING_SIGN = /^[\u0E30\u0E32\u0E33\u0E45\u0E46\u0E2F]/u;
const THAI_CONSONANT = /[\u0E01-\u0E2E]/u;

let graphemeSegmenter: Intl.Segmenter | null | undefined;
let wordSegmenter: Intl.Segmenter | null | undefined;
const segmenter = (granularity: 'grapheme' | 'word'): Intl.Segmenter | null => {
  if (typeof Intl === 'undefined' || typeof Intl.Segmenter !== 'function') return null;
  if (granularity === 'grapheme') return (graphemeSegmenter ??= new Intl.Segmenter('th', { granularity }));
  return (wordSegmenter ??= new Intl.Segmenter('th', { granularity }));
};

// Without Intl.Segmenter: a base character with its combining marks (Thai vowel and tone marks
// above and below are marks), joined through zero-width joiners (emoji sequences).
const GRAPHEME_FALLBACK = /\P{M}\p{M}*(?:\u200D\P{M}\p{M}*)*/gsu;

function graphemes(text: string): string[] {
  const found = segmenter('grapheme');
  if (found) return Array.from(found.segment(text), (s) => s.segment);
  return text.match(GRAPHEME_FALLBACK) ?? [];
}

/**
 * The pieces a Thai reader sees as one unit: grapheme clusters with a leading vowel joined to the
 * consonant after it ("เ" + "ช") and ะ า ำ ๆ ฯ joined to what they follow ("ส" + "า"). A cut
 * between two of these never leaves a lone vowel or a vowel without its consonant.
 */
export function thaiClusters(text: string): string[] {
  const clusters: string[] = [];
  let pendingLead = '';
  for (const g of graphemes(text)) {
    if (pendingLead) {
      pendingLead += g;
      if (!LEADING_VOWEL.test(g)) {
        clusters.push(pendingLead);
        pendingLead = '';
      }
      continue;
    }
    if (LEADING_VOWEL.test(g)) pendingLead = g;
    else if (FOLLOWING_SIGN.test(g) && clusters.length > 0) clusters[clusters.length - 1] += g;
    else clusters.push(g);
  }
  if (pendingLead) clusters.push(pendingLead);
  return clusters;
}

/**
 * Loanwords the browsers' Thai dictionary (ICU's, also behind Intl.Segmenter) splits inside a
 * syllable: "โซเชีย|ลมีเดีย" at a line end. Kept whole on screen (ThaiText) and when cutting.
 */
export const UNBREAKABLE_THAI_WORDS = ['โซเชียลมีเดีย', 'เพอร์โซนา', 'สไปซี่', 'แอดมิน'] as const;

/** Where words start and end: Intl.Segmenter's Thai words, the unbreakable words kept whole; spaces without it. */
export function thaiWords(text: string): string[] {
  const found = segmenter('word');
  const raw = found ? Array.from(found.segment(text), (s) => s.segment) : text.split(/(\s+)/u).filter(Boolean);
  const words: string[] = [];
  let at = 0;
  for (let i = 0; i < raw.length; ) {
    const whole = UNBREAKABLE_THAI_WORDS.find((w) => text.startsWith(w, at));
    if (whole) {
      // Take the segments the word covers (and the rest of the last one, should it run on).
      let taken = '';
      while (i < raw.length && taken.length < whole.length) taken += raw[i++];
      words.push(taken);
      at += taken.length;
      continue;
    }
    const piece = raw[i++] as string;
    words.push(piece);
    at += piece.length;
  }
  return words;
}

const codePoints = (text: string) => Array.from(text).length;

/**
 * Text cut to at most `max` characters (code points, as spec §9 counts previews) and an ellipsis
 * when it was longer. The cut falls at the last Thai word or space that keeps at least half of
 * the room, else at the last whole Thai cluster: never inside a cluster ("นักสืบสาว — เ" cannot
 * happen), never inside a word where one fits ("โซเชียลมีเดีย" is not cut to "โซเชีย").
 */
export function truncateText(text: string, max: number, ellipsis = '...'): string {
  if (codePoints(text) <= max) return text;
  let byWords = '';
  let used = 0;
  for (const word of thaiWords(text)) {
    const size = codePoints(word);
    if (used + size > max) break;
    byWords += word;
    used += size;
  }
  let kept = byWords.trimEnd();
  if (codePoints(kept) < max / 2) {
    kept = '';
    used = 0;
    for (const cluster of thaiClusters(text)) {
      const size = codePoints(cluster);
      if (used + size > max) break;
      kept += cluster;
      used += size;
    }
    kept = kept.trimEnd();
  }
  return `${kept}${ellipsis}`;
}

/**
 * The letter that stands for a name on an avatar: its first consonant, past leading vowels, marks,
 * spaces and punctuation ("เชฟมือใหม่" → "ช", "  anna" → "A"); '?' when the name has no letter.
 */
export function nameInitial(name: string): string {
  for (const cluster of graphemes(name.normalize('NFC'))) {
    const first = Array.from(cluster)[0] ?? '';
    if (THAI_CONSONANT.test(first)) return first;
    if (/^[\u0E00-\u0E7F]/u.test(first)) {
      // A leading vowel or a sign: the consonant it belongs to comes later; Thai digits stand for themselves.
      if (/^[\u0E50-\u0E59]/u.test(first)) return first;
      continue;
    }
    if (/^[\p{L}\p{N}]/u.test(first)) return cluster.toLocaleUpperCase();
  }
  return '?';
}
