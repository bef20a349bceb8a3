import { LOREBOOK_LIMITS } from './lorebook';

// When a lorebook key "appears" in a conversation (ARCHITECTURE §7 prompt): Thai-aware whole-word
// matching, pure and zod-free so the chat service (prompt assembly) and the editor (its warnings)
// share it.
//
// Thai is written without spaces, so neither of the usual rules works: a substring fires inside
// longer words (ตา inside ตาม), and `\b` never fires between Thai letters. Intl.Segmenter('th')
// knows real words but cuts made-up names apart (เซเลสเทียกำลังมา → เซ|เลส|เที|ยกำ|ลัง|มา). So the
// boundaries are the segmenter's, CORRECTED where a known word (any key of the book, any of the
// character's names) occurs, by the classic rule of Thai word segmentation, maximal matching: in
// a run of Thai letters, every segmentation is a path of pieces, each piece either a word the
// segmenter produced (for the whole run, or for what a known-word occurrence leaves of the words
// it cuts into) or a known-word occurrence; the path with the fewest pieces wins, and on a tie the
// one with fewer known words (the segmenter glues a stray letter to its neighbour, ไปต|ลาด, so a
// tie is no evidence: a key must make the segmentation strictly better to move a boundary). A
// key fires where its occurrence starts and ends on the winning path's boundaries:
//   เซเลสเทีย|กำ|ลัง|มา (4 pieces; กำ is what is left of the segmenter's ยกำ) beats its 6: the name fires.
//   ตา|ม|ฉัน|มา (4) loses to ตาม|ฉัน|มา (3): ตา does not fire inside ตาม.
//   แมว|น้ำ|ว่าย|น้ำ|เก่ง (5) loses to แมวน้ำ|ว่าย|น้ำ|เก่ง (4): แมว does not fire inside แมวน้ำ.
// Everything is compared after NFKC normalization and lower-casing. Where a key's edge is not a
// Thai letter, the edge is a word boundary unless the neighbour is a letter, digit or mark of a
// non-Thai script (Latin keys match case-insensitively on word boundaries: dragon fires in "I saw a
// Dragon", not in "dragonfly"); between a Thai and a non-Thai character there is always a boundary.
//
// The work is bounded (chat README "Lorebooks"): a book's keys are compiled once into Aho–Corasick
// automata (CompiledLorebook, kept by chat per character version), and a send reads the scanned
// text once for all of them, where one indexOf pass per key cost keys × text.

/** What the matcher needs of an entry (contracts' LorebookEntry fits). */
export interface MatchableLoreEntry {
  keys: readonly string[];
  secondaryKeys: readonly string[];
  enabled: boolean;
  constant: boolean;
  matchSubstring: boolean;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
// The character classes take UTF-16 code units (-1: no character), as the matcher reads the text.
/** A Thai letter (U+0E00–U+0E7F). */
const isThai = (unit: number) => unit >= 0x0e00 && unit <= 0x0e7f;
/** WORD_CHAR's answer per code unit, asked once each (the matcher asks at every key edge): 1 yes, 2 no. */
const wordUnits = new Uint8Array(0x10000);
const isWordChar = (unit: number) => {
  if (unit < 0) return false;
  if (wordUnits[unit] === 0) wordUnits[unit] = WORD_CHAR.test(String.fromCharCode(unit)) ? 1 : 2;
  return wordUnits[unit] === 1;
};
/** A letter, digit or mark of a script written with spaces (so a word goes on while it continues). */
const isSpacedWordChar = (unit: number) => isWordChar(unit) && !isThai(unit);

/**
 * NFKC, then lower case: how texts and keys are compared. NFKC splits SARA AM (ำ) into NIKHAHIT +
 * SARA AA (ํา), a spelling the Thai segmenter does not know (แมวน้ำ, กำลัง come out cut), so the
 * pair is joined back (a tone mark typed between them goes before ำ, where Thai writes it).
 */
export function foldForMatching(text: string): string {
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

/** Bounds the work one run of Thai letters can cause (a pasted wall of text full of a key). */
const MAX_OCCURRENCES_PER_RUN = 40;

/**
 * The word boundaries of one run of Thai letters with the known words taken into account (the
 * maximal-matching correction described above). Offsets are within the run; 0 and its length
 * are always boundaries. The pieces are the segmenter's words of the whole run, each known-word
 * occurrence, and the segmenter's words of the stretches an occurrence leaves of the words it
 * cuts into (from the word boundary before it to its start, from its end to the boundary after
 * it, or to another occurrence starting in between): the segmenter decides locally, so this is
 * the run re-segmented around the occurrence, at a call or two per occurrence. `occurrences` are
 * the known words' first MAX_OCCURRENCES_PER_RUN in the run, longer words first, then by place
 * (KnownThaiWords.occurrencesIn).
 */
function correctedBoundaries(run: string, occurrences: ReadonlyArray<readonly [number, number]>): Set<number> {
  const n = run.length;
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

/** The work a match did, for the tests that bound it: automaton transitions, chain visits and skips. */
export interface LoreMatchWork {
  steps: number;
}
const NO_WORK: LoreMatchWork = { steps: 0 };

/**
 * Aho–Corasick over UTF-16 code units (what String#indexOf compared): all the patterns'
 * occurrences in one pass over a text, at most two transitions per code unit. The children sit in
 * sorted arrays, so a compiled book of 10 000 key characters takes a few hundred KB.
 */
class Automaton {
  readonly depth: Int32Array;
  readonly fail: Int32Array;
  /** The pattern ending at a node (its index in `patterns`), or -1. */
  readonly pattern: Int32Array;
  /** The nearest proper suffix of a node where a pattern ends, or -1. */
  readonly dict: Int32Array;
  /** A pattern through the node: the node's text is its first `depth` code units. */
  readonly source: Int32Array;
  /** Every node, shallower first. */
  readonly order: Int32Array;
  private readonly edgeStart: Int32Array;
  private readonly edgeUnit: Uint16Array;
  private readonly edgeNode: Int32Array;

  constructor(readonly patterns: readonly string[]) {
    const children: Array<Map<number, number>> = [new Map()];
    const depth = [0];
    const source = [-1];
    const pattern = [-1];
    patterns.forEach((text, id) => {
      let node = 0;
      for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i);
        let next = children[node]!.get(unit);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          depth.push(i + 1);
          source.push(id);
          pattern.push(-1);
          children[node]!.set(unit, next);
        }
        node = next;
      }
      pattern[node] = id;
    });
    const size = children.length;
    this.depth = Int32Array.from(depth);
    this.source = Int32Array.from(source);
    this.pattern = Int32Array.from(pattern);
    this.edgeStart = new Int32Array(size + 1);
    this.edgeUnit = new Uint16Array(size - 1);
    this.edgeNode = new Int32Array(size - 1);
    let edge = 0;
    for (let node = 0; node < size; node++) {
      this.edgeStart[node] = edge;
      for (const [unit, child] of [...children[node]!].sort((a, b) => a[0] - b[0])) {
        this.edgeUnit[edge] = unit;
        this.edgeNode[edge] = child;
        edge += 1;
      }
    }
    this.edgeStart[size] = edge;

    this.fail = new Int32Array(size);
    this.dict = new Int32Array(size).fill(-1);
    this.order = new Int32Array(size);
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const node = this.order[head++]!;
      for (let e = this.edgeStart[node]!; e < this.edgeStart[node + 1]!; e++) {
        const child = this.edgeNode[e]!;
        let fail = 0;
        if (node !== 0) {
          for (let at = this.fail[node]!; ; at = this.fail[at]!) {
            const next = this.child(at, this.edgeUnit[e]!);
            if (next >= 0) {
              fail = next;
              break;
            }
            if (at === 0) break;
          }
        }
        this.fail[child] = fail;
        this.dict[child] = this.pattern[fail]! >= 0 ? fail : this.dict[fail]!;
        this.order[tail++] = child;
      }
    }
  }

  get size(): number {
    return this.depth.length;
  }

  private child(node: number, unit: number): number {
    let low = this.edgeStart[node]!;
    let high = this.edgeStart[node + 1]! - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = this.edgeUnit[mid]!;
      if (at === unit) return this.edgeNode[mid]!;
      if (at < unit) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** The state after reading `unit` in `state`. */
  step(state: number, unit: number, work: LoreMatchWork): number {
    for (let at = state; ; at = this.fail[at]!) {
      work.steps += 1;
      const next = this.child(at, unit);
      if (next >= 0) return next;
      if (at === 0) return 0;
    }
  }
}

/**
 * The first node from `node` on along `next` whose pattern is not yet found (or -1); the found ones
 * passed are pointed past, so no later walk visits them again.
 */
function firstUnfound(node: number, next: Int32Array, pattern: Int32Array, found: Uint8Array, work: LoreMatchWork): number {
  let at = node;
  while (at >= 0 && found[pattern[at]!] === 1) {
    work.steps += 1;
    at = next[at]!;
  }
  for (let passed = node; passed >= 0 && passed !== at; ) {
    const after = next[passed]!;
    next[passed] = at;
    passed = after;
  }
  return at;
}

/** The Thai pieces of the known words (names, keys) in the order their occurrences count. */
class KnownThaiWords {
  private static made = 0;
  /** Names this set of words in the kept boundaries (BOUNDARIES_KEPT). */
  readonly serial = (KnownThaiWords.made += 1);
  readonly automaton: Automaton;
  /** A piece's place in that order: longer first, then as given (a name before a key). */
  readonly rank: Float64Array;
  readonly idOf: Map<string, number>;

  /** `groups`, in order: the words of each (names, then keys); a piece counts where it first comes. */
  constructor(groups: ReadonlyArray<readonly string[]>, firstPlace = 0) {
    const places = new Map<string, number>();
    groups.forEach((words, group) => {
      let place = firstPlace + group * GROUP_PLACES;
      for (const word of words) for (const piece of thaiPieces(foldForMatching(word))) if (!places.has(piece)) places.set(piece, place++);
    });
    const pieces = [...places.keys()];
    this.automaton = new Automaton(pieces);
    this.idOf = new Map(pieces.map((piece, id) => [piece, id]));
    this.rank = Float64Array.from(pieces, (piece) => rankOf(piece.length, places.get(piece)!));
  }
}
/** Room between the groups' places, so words added at a send (a persona's name) go between. */
const GROUP_PLACES = 1_000_000;
const rankOf = (length: number, place: number) => (1_000_000 - length) * 1e8 + place;

interface Occurrence {
  rank: number;
  start: number;
  end: number;
}

/**
 * The known words' first MAX_OCCURRENCES_PER_RUN occurrences in a run, longer words first, then by
 * place: a pass per automaton, keeping the best ones; a chain is walked longest first, so it stops
 * at the first occurrence that would not be kept.
 */
function occurrencesIn(run: string, known: ReadonlyArray<{ words: KnownThaiWords; skipped: Uint8Array | null }>, work: LoreMatchWork): Array<[number, number]> {
  const kept: Occurrence[] = [];
  const keep = (rank: number, start: number, end: number): boolean => {
    const worst = kept[kept.length - 1];
    if (kept.length === MAX_OCCURRENCES_PER_RUN && worst && (rank > worst.rank || (rank === worst.rank && start > worst.start))) return false;
    let at = kept.length;
    while (at > 0 && (kept[at - 1]!.rank > rank || (kept[at - 1]!.rank === rank && kept[at - 1]!.start > start))) at -= 1;
    kept.splice(at, 0, { rank, start, end });
    if (kept.length > MAX_OCCURRENCES_PER_RUN) kept.pop();
    return true;
  };
  for (const { words, skipped } of known) {
    const { automaton } = words;
    let state = 0;
    for (let i = 0; i < run.length; i++) {
      state = automaton.step(state, run.charCodeAt(i), work);
      for (let node = automaton.pattern[state]! >= 0 ? state : automaton.dict[state]!; node >= 0; node = automaton.dict[node]!) {
        work.steps += 1;
        const id = automaton.pattern[node]!;
        if (skipped?.[id] === 1) continue;
        if (!keep(words.rank[id]!, i + 1 - automaton.depth[node]!, i + 1)) break;
      }
    }
  }
  return kept.map(({ start, end }) => [start, end]);
}

/**
 * A text ready to be searched: folded once, its Thai runs' boundaries worked out on the first key
 * occurrence that needs them (the segmenter is the costly part: most keys never ask).
 */
class ScannedText {
  readonly folded: string;
  private readonly runs = new Map<number, Uint8Array>();
  /** The known words' name in keptBoundaries: their serials and the names added at the send. */
  private readonly knownName: string;
  private readonly known: Array<{ words: KnownThaiWords; skipped: Uint8Array | null }>;

  constructor(
    text: string,
    known: KnownThaiWords,
    moreNames: readonly string[],
    private readonly work: LoreMatchWork,
  ) {
    this.folded = foldForMatching(text);
    this.known = [{ words: known, skipped: null }];
    this.knownName = `${known.serial}`;
    if (moreNames.length === 0) return;
    // Names given at a send (a persona's) rank after the character's name and before the keys: a
    // piece they share with a key is theirs; one they share with the character's name is not.
    const more = new KnownThaiWords([moreNames], GROUP_PLACES / 2);
    const mine = new Uint8Array(more.rank.length);
    const taken = new Uint8Array(known.rank.length);
    for (const [piece, id] of more.idOf) {
      const theirs = known.idOf.get(piece);
      if (theirs === undefined) continue;
      if (known.rank[theirs]! < more.rank[id]!) mine[id] = 1;
      else taken[theirs] = 1;
    }
    this.known = [
      { words: known, skipped: taken },
      { words: more, skipped: mine },
    ];
    this.knownName = [known.serial, ...moreNames].join('\u0001');
  }

  /** Whether `at` (between two characters of the folded text) is a word boundary as seen from a key's edge character. */
  isBoundary(at: number, keyEdge: number, outside: number): boolean {
    if (outside < 0) return true;
    if (isThai(keyEdge)) {
      if (!isThai(outside)) return true;
      return this.thaiBoundary(at);
    }
    if (!isWordChar(keyEdge)) return true;
    return !isSpacedWordChar(outside);
  }

  /** Where the run of Thai letters around each code unit starts and ends (worked out once, on the first need). */
  private runStart: Int32Array | null = null;
  private runEnd: Int32Array | null = null;

  private thaiBoundary(at: number): boolean {
    const text = this.folded;
    if (!this.runStart || !this.runEnd) {
      this.work.steps += text.length;
      this.runStart = new Int32Array(text.length);
      this.runEnd = new Int32Array(text.length);
      for (let i = 0; i < text.length; i++) this.runStart[i] = i > 0 && isThai(text.charCodeAt(i - 1)) && isThai(text.charCodeAt(i)) ? this.runStart[i - 1]! : i;
      for (let i = text.length - 1; i >= 0; i--) this.runEnd[i] = i + 1 < text.length && isThai(text.charCodeAt(i + 1)) && isThai(text.charCodeAt(i)) ? this.runEnd[i + 1]! : i + 1;
    }
    // `at` lies between two Thai letters (isBoundary's only call): the run holds both.
    const start = this.runStart[at]!;
    const end = this.runEnd[at]!;
    let boundaries = this.runs.get(start);
    if (!boundaries) {
      this.work.steps += end - start;
      const run = text.slice(start, end);
      const kept = `${this.knownName}\u0000${run}`;
      boundaries = keptBoundaries.get(kept);
      if (boundaries) {
        keptBoundaries.delete(kept);
      } else {
        boundaries = new Uint8Array(run.length + 1);
        for (const at of correctedBoundaries(run, occurrencesIn(run, this.known, this.work))) boundaries[at] = 1;
        keptCharacters += kept.length;
        for (const [old] of keptBoundaries) {
          if (keptCharacters <= BOUNDARY_CHARACTERS_KEPT) break;
          keptBoundaries.delete(old);
          keptCharacters -= old.length;
        }
      }
      keptBoundaries.set(kept, boundaries);
      this.runs.set(start, boundaries);
    }
    return boundaries[at - start] === 1;
  }
}

/**
 * Corrected boundaries of the runs recently seen, by the words that corrected them and the run:
 * a send scans mostly the messages the previous send scanned, and correcting a run costs a few
 * segmenter calls. At most BOUNDARY_CHARACTERS_KEPT characters of runs are kept, the least
 * recently used leave first.
 */
const BOUNDARY_CHARACTERS_KEPT = 400_000;
const keptBoundaries = new Map<string, Uint8Array>();
let keptCharacters = 0;

/** A key's edge character before another character of the key: never a boundary there, whatever the text says. */
function edgeInsideWord(keyEdge: number, outside: number): boolean {
  if (isThai(keyEdge) || !isWordChar(keyEdge)) return false;
  return isSpacedWordChar(outside);
}

/**
 * Keys compiled for one-pass search: an automaton for whole-word keys and one for substring keys
 * (folded and trimmed, each distinct text once). A whole-word key's occurrence must start and end
 * on boundaries; its last character is the text's, so the end decides for every key ending there
 * at once, and a shorter key ending inside a longer one whose character before it continues the
 * same word (a Latin letter before a Latin letter) can never fire there: `wholeNext` links each
 * node to the next key along its suffix chain that may, so such keys are never looked at.
 */
class CompiledKeys {
  private readonly whole: Automaton;
  private readonly wholeNext: Int32Array;
  private readonly substring: Automaton;
  readonly wholeId = new Map<string, number>();
  readonly substringId = new Map<string, number>();

  constructor(keys: ReadonlyArray<{ folded: string; substring: boolean }>) {
    for (const { folded, substring } of keys) {
      const ids = substring ? this.substringId : this.wholeId;
      if (folded !== '' && !ids.has(folded)) ids.set(folded, ids.size);
    }
    this.whole = new Automaton([...this.wholeId.keys()]);
    this.substring = new Automaton([...this.substringId.keys()]);
    const { whole } = this;
    this.wholeNext = new Int32Array(whole.size).fill(-1);
    for (const node of whole.order) {
      const shorter = whole.dict[node]!;
      if (node === 0 || shorter < 0) continue;
      const key = whole.patterns[whole.pattern[shorter]!]!;
      const before = whole.patterns[whole.source[node]!]!.charCodeAt(whole.depth[node]! - whole.depth[shorter]! - 1);
      this.wholeNext[node] = edgeInsideWord(key.charCodeAt(0), before) ? this.wholeNext[shorter]! : shorter;
    }
  }

  /** Which keys appear in the text (by their ids), reading it once. */
  find(text: ScannedText, work: LoreMatchWork): { whole: Uint8Array; substring: Uint8Array } {
    const t = text.folded;
    const { whole, substring } = this;
    const wholeFound = new Uint8Array(this.wholeId.size);
    const substringFound = new Uint8Array(this.substringId.size);
    let wholeLeft = wholeFound.length;
    let substringLeft = substringFound.length;
    const wholeNext = wholeLeft > 0 ? this.wholeNext.slice() : this.wholeNext;
    const substringNext = substringLeft > 0 ? substring.dict.slice() : substring.dict;
    let wholeState = 0;
    let substringState = 0;
    for (let i = 0; i < t.length && wholeLeft + substringLeft > 0; i++) {
      const unit = t.charCodeAt(i);
      if (substringLeft > 0) {
        substringState = substring.step(substringState, unit, work);
        const first = substring.pattern[substringState]! >= 0 ? substringState : substringNext[substringState]!;
        for (let node = firstUnfound(first, substringNext, substring.pattern, substringFound, work); node >= 0; node = firstUnfound(node, substringNext, substring.pattern, substringFound, work)) {
          work.steps += 1;
          substringFound[substring.pattern[node]!] = 1;
          substringLeft -= 1;
        }
      }
      if (wholeLeft > 0) {
        wholeState = whole.step(wholeState, unit, work);
        const end = i + 1;
        const self = whole.pattern[wholeState]!;
        let node = self >= 0 && wholeFound[self] === 0 ? wholeState : firstUnfound(wholeNext[wholeState]!, wholeNext, whole.pattern, wholeFound, work);
        // Every key ending here ends on the same character: the end is a boundary for all or none.
        if (node >= 0 && !text.isBoundary(end, t.charCodeAt(end - 1), end < t.length ? t.charCodeAt(end) : -1)) node = -1;
        while (node >= 0) {
          work.steps += 1;
          const start = end - whole.depth[node]!;
          if (text.isBoundary(start, t.charCodeAt(start), start > 0 ? t.charCodeAt(start - 1) : -1)) {
            wholeFound[whole.pattern[node]!] = 1;
            wholeLeft -= 1;
          }
          node = firstUnfound(wholeNext[node]!, wholeNext, whole.pattern, wholeFound, work);
        }
      }
    }
    return { whole: wholeFound, substring: substringFound };
  }
}

/** A key as the matcher compares it: folded, then trimmed. */
const foldKey = (key: string) => foldForMatching(key).trim();

/**
 * A lorebook's keys compiled for matching (chat keeps one per character version): which entries
 * fire on a text, the text read once. `names` are the character's (known words for the
 * boundaries, before the book's keys); a send adds its persona's name with `fires`.
 */
export class CompiledLorebook {
  private readonly keys: CompiledKeys;
  private readonly known: KnownThaiWords;
  private readonly entries: Array<{ enabled: boolean; constant: boolean; keys: number[]; secondaryKeys: number[]; substring: boolean }>;

  constructor(entries: readonly MatchableLoreEntry[], names: readonly string[]) {
    const matched = entries.map((entry) => ({
      ...entry,
      folded: entry.enabled && !entry.constant ? [entry.keys.map(foldKey), entry.secondaryKeys.map(foldKey)] : [[], []],
    }));
    this.keys = new CompiledKeys(matched.flatMap((entry) => entry.folded.flat().map((folded) => ({ folded, substring: entry.matchSubstring }))));
    this.known = new KnownThaiWords([names, entries.flatMap((entry) => [...entry.keys, ...entry.secondaryKeys])]);
    this.entries = matched.map((entry) => {
      const ids = entry.matchSubstring ? this.keys.substringId : this.keys.wholeId;
      const idsOf = (folded: string[]) => folded.map((key) => ids.get(key) ?? -1);
      return { enabled: entry.enabled, constant: entry.constant, keys: idsOf(entry.folded[0]!), secondaryKeys: idsOf(entry.folded[1]!), substring: entry.matchSubstring };
    });
  }

  /** Per entry, in the book's order: whether it fires on `text` (entryFires' rule). */
  fires(text: string, moreNames: readonly string[] = [], work: LoreMatchWork = NO_WORK): boolean[] {
    const found = this.keys.find(new ScannedText(text, this.known, moreNames, work), work);
    return this.entries.map((entry) => {
      if (!entry.enabled) return false;
      if (entry.constant) return true;
      const seen = entry.substring ? found.substring : found.whole;
      const appears = (id: number) => id >= 0 && seen[id] === 1;
      if (!entry.keys.some(appears)) return false;
      return entry.secondaryKeys.length === 0 || entry.secondaryKeys.some(appears);
    });
  }
}

/**
 * A text ready to be searched for one key at a time (the editor's checks and the matching table's
 * tests): `knownWords` are the book's keys and the character's names.
 */
export class LoreText {
  readonly folded: string;
  private readonly text: ScannedText;

  constructor(text: string, knownWords: readonly string[]) {
    this.text = new ScannedText(text, new KnownThaiWords([knownWords]), [], NO_WORK);
    this.folded = this.text.folded;
  }

  /** Whether `key` stands here as whole words (or, with `substring`, anywhere). */
  has(key: string, substring = false): boolean {
    const folded = foldKey(key);
    if (folded === '') return false;
    const found = new CompiledKeys([{ folded, substring }]).find(this.text, NO_WORK);
    return (substring ? found.substring : found.whole)[0] === 1;
  }
}

const isLeadSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isTrailSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The text a send searches: the last `scanDepth` messages (oldest first, one per line), of which
 * only the newest LOREBOOK_LIMITS.scanCharactersMax characters (code points, the line breaks
 * counted): the message that passes the limit is read from where the limit falls to its end.
 */
export function lorebookScanText(messages: readonly string[], scanDepth: number): string {
  const parts: string[] = [];
  let room = LOREBOOK_LIMITS.scanCharactersMax;
  for (let i = messages.length - 1; i >= Math.max(0, messages.length - scanDepth); i--) {
    if (parts.length > 0) room -= 1;
    if (room <= 0) break;
    const message = messages[i]!;
    let at = message.length;
    for (; at > 0 && room > 0; room--) at -= at >= 2 && isTrailSurrogate(message.charCodeAt(at - 1)) && isLeadSurrogate(message.charCodeAt(at - 2)) ? 2 : 1;
    parts.push(message.slice(at));
  }
  return parts.reverse().join('\n');
}

/**
 * The entries as the matcher takes them within the per-book totals (LOREBOOK_LIMITS.keysPerBook,
 * keyCharactersPerBook), the keys in book order: a book saved before the totals keeps its first
 * keys within them; the catalog refuses a new one past them.
 */
export function keysWithinTotals<E extends MatchableLoreEntry>(entries: readonly E[]): E[] {
  let keys: number = LOREBOOK_LIMITS.keysPerBook;
  let characters: number = LOREBOOK_LIMITS.keyCharactersPerBook;
  const take = (list: readonly string[]) =>
    list.filter((key) => {
      const length = Array.from(key).length;
      if (keys === 0 || length > characters) {
        keys = 0;
        return false;
      }
      keys -= 1;
      characters -= length;
      return true;
    });
  return entries.map((entry) => ({ ...entry, keys: take(entry.keys), secondaryKeys: take(entry.secondaryKeys) }));
}

/**
 * Whether an entry fires on this text. Secondary keys follow SillyTavern's "AND ANY": with none,
 * any primary key fires the entry; with some, a primary key AND any secondary key must appear.
 * A constant entry always fires; a disabled one never does.
 */
export function entryFires(entry: MatchableLoreEntry, text: LoreText): boolean {
  if (!entry.enabled) return false;
  if (entry.constant) return true;
  const appears = (key: string) => text.has(key, entry.matchSubstring);
  if (!entry.keys.some(appears)) return false;
  return entry.secondaryKeys.length === 0 || entry.secondaryKeys.some(appears);
}

/** Whether `key` is found as whole words in `text`, knowing the other words given (for one-off checks and tests). */
export function keyFires(key: string, text: string, knownWords: readonly string[] = [], substring = false): boolean {
  return new LoreText(text, [key, ...knownWords]).has(key, substring);
}

const LEADING_VOWEL = /[\u0E40-\u0E44]/;
/** เ and แ take vowel marks after the initial consonant (เ-ีย, เ-า, แ-ะ); โ ใ ไ stand alone. */
const COMBINING_LEADING_VOWEL = /[\u0E40\u0E41]/;
// Vowels written after the consonant: ะ to ู, ๅ, and the shortener ็ (alternatives, not a class: some are combining marks).
const FOLLOWING_VOWEL = /\u0E30|\u0E31|\u0E32|\u0E33|\u0E34|\u0E35|\u0E36|\u0E37|\u0E38|\u0E39|\u0E45|\u0E47/;
const CONSONANT = /[\u0E01-\u0E2E]/;

/**
 * Roughly how many syllables a Thai word has: a leading vowel (เ แ โ ใ ไ) opens one, and the
 * vowel marks that follow เ's or แ's initial consonant (one or two: a cluster) belong to it; any other
 * vowel mark opens one. Inherent vowels (written with no mark, as in คน) are not seen, so this
 * undercounts: fine for a warning about short keys, which is all it is for.
 */
export function thaiSyllableCount(word: string): number {
  let count = 0;
  let consonantsSinceLeading: number | null = null;
  for (const ch of word) {
    if (LEADING_VOWEL.test(ch)) {
      count += 1;
      consonantsSinceLeading = COMBINING_LEADING_VOWEL.test(ch) ? 0 : null;
    } else if (FOLLOWING_VOWEL.test(ch)) {
      if (consonantsSinceLeading !== null && consonantsSinceLeading <= 2) consonantsSinceLeading = null;
      else count += 1;
    } else if (CONSONANT.test(ch) && consonantsSinceLeading !== null) {
      consonantsSinceLeading += 1;
    }
  }
  return Math.max(count, 1);
}

/**
 * A Thai key of one syllable (ตา, แมว, น้ำ): the editor warns that it may be part of many longer
 * words, where whole-word matching decides by the segmenter's dictionary; a key of only Thai
 * letters counts, a key with spaces or other scripts does not.
 */
export function isOneSyllableThaiKey(key: string): boolean {
  const folded = foldForMatching(key).trim();
  return /^[\u0E00-\u0E7F]+$/.test(folded) && thaiSyllableCount(folded) <= 1;
}
