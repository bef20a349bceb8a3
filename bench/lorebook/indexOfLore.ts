// The lorebook matching as it was before the one-pass matcher (contracts values/lorebookMatch.ts
// and chat's loreFor, kept verbatim apart from names and exports): one indexOf pass over the
// scanned text per key, and one per known word over each Thai run. The lorebook bench's "before"
// figure, and the reference chat's lore tests hold the one-pass matcher to (same entries).
import type { CharacterSnapshot, LorebookEntry } from '@lakorn/contracts';
import { estimateTokens } from '../../services/chat/src/domain/prompt';

const THAI_LETTER = /[\u0E00-\u0E7F]/;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const isThai = (ch: string | undefined) => ch !== undefined && THAI_LETTER.test(ch);
/** A letter, digit or mark of a script written with spaces (so a word goes on while it continues). */
const isSpacedWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch) && !isThai(ch);

/**
 * NFKC, then lower case: how texts and keys are compared. NFKC splits SARA AM (ำ) into NIKHAHIT +
 * SARA AA (ํา), a spelling the Thai segmenter does not know (แมวน้ำ, กำลัง come out cut), so the
 * pair is joined back (a tone mark typed between them goes before ำ, where Thai writes it).
 */
function foldForMatching(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\u0E4D([\u0E48-\u0E4B]?)\u0E32/g, '$1\u0E33');
}

/** The stretches of Thai letters in a text (a key's Thai part, a name's, a message's). */
function thaiPieces(text: string): string[] {
  return text.match(/[\u0E00-\u0E7F]+/g) ?? [];
}

let thaiSegmenter: Intl.Segmenter | null = null;
/**
 * The segmenter's words of a stretch of Thai, as [start, end) offsets. A call costs about 0.1-0.3 ms
 * whatever the length, so segmentations are kept (the latest SEGMENTATIONS_KEPT stretches): the
 * messages a send scans are mostly the ones the previous send scanned.
 */
const SEGMENTATIONS_KEPT = 4_096;
const segmentations = new Map<string, ReadonlyArray<readonly [number, number]>>();
function segmentsOf(text: string): ReadonlyArray<readonly [number, number]> {
  const kept = segmentations.get(text);
  if (kept) {
    segmentations.delete(text);
    segmentations.set(text, kept);
    return kept;
  }
  thaiSegmenter ??= new Intl.Segmenter('th', { granularity: 'word' });
  const found = Array.from(thaiSegmenter.segment(text), ({ index, segment }) => [index, index + segment.length] as const);
  segmentations.set(text, found);
  if (segmentations.size > SEGMENTATIONS_KEPT) segmentations.delete(segmentations.keys().next().value!);
  return found;
}

/** Occurrences of `word` in `text` (overlapping ones too). */
function occurrencesOf(text: string, word: string): number[] {
  const found: number[] = [];
  if (word === '') return found;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) found.push(at);
  return found;
}

/** Bounds the work one run of Thai letters can cause (a pasted wall of text full of a key). */
const MAX_OCCURRENCES_PER_RUN = 40;

/**
 * The word boundaries of one run of Thai letters with the known words taken into account (the
 * maximal-matching correction described above). Offsets are within the run; 0 and its length
 * are always boundaries. The pieces are the segmenter's words of the whole run, each known-word
 * occurrence, and the segmenter's words of the stretches an occurrence leaves of the words it
 * cuts into (from the word boundary before it to its start, from its end to the boundary after
 * it, or to another occurrence starting in between): the segmenter decides locally, so this is
 * the run re-segmented around the occurrence, at a call or two per occurrence.
 */
function correctedBoundaries(run: string, knownWords: readonly string[]): Set<number> {
  const n = run.length;
  const occurrences: Array<[number, number]> = [];
  for (const word of knownWords) {
    for (const at of occurrencesOf(run, word)) occurrences.push([at, at + word.length]);
    if (occurrences.length >= MAX_OCCURRENCES_PER_RUN) break;
  }
  const pieces: Array<readonly [number, number]> = [...segmentsOf(run)];
  const wordBoundaries = [0, ...pieces.map(([, end]) => end)];
  const before = (at: number) => wordBoundaries.filter((b) => b <= at).at(-1) ?? 0;
  const after = (at: number) => wordBoundaries.find((b) => b >= at) ?? n;
  const custom = new Set<string>();
  const segmentedStretches = new Set<string>();
  const segmentStretch = (from: number, to: number) => {
    const id = `${from}:${to}`;
    if (from >= to || segmentedStretches.has(id)) return;
    segmentedStretches.add(id);
    for (const [start, end] of segmentsOf(run.slice(from, to))) pieces.push([from + start, from + end]);
  };
  const starts = occurrences.slice(0, MAX_OCCURRENCES_PER_RUN).map(([start]) => start);
  for (const [start, end] of occurrences.slice(0, MAX_OCCURRENCES_PER_RUN)) {
    pieces.push([start, end]);
    custom.add(`${start}:${end}`);
    segmentStretch(before(start), start);
    const wordEnd = after(end);
    segmentStretch(end, wordEnd);
    for (const next of starts) if (next > end && next < wordEnd) segmentStretch(end, next);
  }

  // Fewest pieces from 0 to n; on a tie, fewer known words. Pieces only go forward.
  const outgoing = new Map<number, Array<[number, boolean]>>();
  for (const [from, to] of pieces) {
    const list = outgoing.get(from) ?? [];
    list.push([to, custom.has(`${from}:${to}`)]);
    outgoing.set(from, list);
  }
  const best: Array<{ pieces: number; known: number; from: number } | undefined> = new Array(n + 1);
  best[0] = { pieces: 0, known: 0, from: -1 };
  for (let at = 0; at < n; at++) {
    const here = best[at];
    if (!here) continue;
    for (const [to, isKnown] of outgoing.get(at) ?? []) {
      const candidate = { pieces: here.pieces + 1, known: here.known + (isKnown ? 1 : 0), from: at };
      const there = best[to];
      if (!there || candidate.pieces < there.pieces || (candidate.pieces === there.pieces && candidate.known < there.known)) best[to] = candidate;
    }
  }
  const boundaries = new Set<number>([0, n]);
  for (let at = n; at > 0 && best[at]; at = best[at]!.from) boundaries.add(best[at]!.from);
  return boundaries;
}

/**
 * A text ready to be searched for keys: folded once, its Thai runs' boundaries worked out on the
 * first key that needs them. `knownWords` are the book's keys and the character's names.
 */
export class IndexOfLoreText {
  readonly folded: string;
  private readonly knownThai: string[];
  private readonly runs = new Map<number, Set<number>>();

  constructor(text: string, knownWords: readonly string[]) {
    this.folded = foldForMatching(text);
    const pieces = new Set(knownWords.flatMap((word) => thaiPieces(foldForMatching(word))));
    // Longer words first: when occurrences are capped, names and long keys are kept.
    this.knownThai = [...pieces].sort((a, b) => b.length - a.length);
  }

  /** Whether `at` (between two characters of the folded text) is a word boundary as seen from a key's edge character. */
  private isBoundary(at: number, keyEdge: string, outside: string | undefined): boolean {
    if (outside === undefined) return true;
    if (isThai(keyEdge)) {
      if (!isThai(outside)) return true;
      return this.thaiBoundary(at);
    }
    if (!WORD_CHAR.test(keyEdge)) return true;
    return !isSpacedWordChar(outside);
  }

  private thaiBoundary(at: number): boolean {
    const text = this.folded;
    let start = at;
    while (start > 0 && isThai(text[start - 1])) start--;
    let end = at;
    while (end < text.length && isThai(text[end])) end++;
    let boundaries = this.runs.get(start);
    if (!boundaries) {
      boundaries = correctedBoundaries(text.slice(start, end), this.knownThai);
      this.runs.set(start, boundaries);
    }
    return boundaries.has(at - start);
  }

  /** Whether `key` stands here as whole words (or, with `substring`, anywhere). */
  has(key: string, substring = false): boolean {
    const folded = foldForMatching(key).trim();
    if (folded === '') return false;
    const occurrences = occurrencesOf(this.folded, folded);
    if (substring) return occurrences.length > 0;
    const first = folded[0]!;
    const last = folded[folded.length - 1]!;
    return occurrences.some(
      (at) =>
        this.isBoundary(at, first, this.folded[at - 1]) &&
        this.isBoundary(at + folded.length, last, this.folded[at + folded.length]),
    );
  }
}

interface MatchableLoreEntry {
  keys: readonly string[];
  secondaryKeys: readonly string[];
  enabled: boolean;
  constant: boolean;
  matchSubstring: boolean;
}

function knownWordsOf(entries: readonly MatchableLoreEntry[], names: readonly string[]): string[] {
  return [...names, ...entries.flatMap((entry) => [...entry.keys, ...entry.secondaryKeys])];
}

function entryFires(entry: MatchableLoreEntry, text: IndexOfLoreText): boolean {
  if (!entry.enabled) return false;
  if (entry.constant) return true;
  const appears = (key: string) => text.has(key, entry.matchSubstring);
  if (!entry.keys.some(appears)) return false;
  return entry.secondaryKeys.length === 0 || entry.secondaryKeys.some(appears);
}

/** The old keyFires: one key in one text, knowing the other words given. */
export function indexOfKeyFires(key: string, text: string, knownWords: readonly string[] = [], substring = false): boolean {
  return new IndexOfLoreText(text, [key, ...knownWords]).has(key, substring);
}

/** The old loreFor: every scanned message (no character cap), one indexOf pass per key. */
export function indexOfLoreFor(input: {
  character: CharacterSnapshot;
  history: Array<{ content: string }>;
  userMessage: string;
  persona: { name: string } | null;
}): LorebookEntry[] {
  const book = input.character.lorebook;
  if (!book || book.entries.length === 0) return [];
  const messages = [...input.history.map((turn) => turn.content), input.userMessage];
  const scanned = book.scanDepth === 0 ? [] : messages.slice(-book.scanDepth);
  const names = [input.character.name, ...(input.persona ? [input.persona.name] : [])];
  const text = new IndexOfLoreText(scanned.join('\n'), knownWordsOf(book.entries, names));
  const fired = book.entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.content.trim() !== '' && entryFires(entry, text))
    .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index);
  let room = book.budgetTokens;
  const chosen: LorebookEntry[] = [];
  for (const { entry } of fired) {
    const tokens = estimateTokens(entry.content.trim());
    if (tokens > room) continue;
    room -= tokens;
    chosen.push(entry);
  }
  return chosen;
}
