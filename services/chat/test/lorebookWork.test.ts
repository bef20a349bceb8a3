import { Lorebook, LOREBOOK_LIMITS as L, type CharacterSnapshot, type LoreMatchWork } from '@lakorn/contracts';
import { sampleCharacter } from '@lakorn/service-kit/testing';
import { lorebookMatcherFor, MATCHERS_KEPT } from '../src/domain/lorebookMatchers';
import { loreFor, type PromptInput } from '../src/domain/prompt';

// The work of a send's lore step (chat README "Lorebooks"): on the largest book the per-book
// totals allow and the longest scan (50 messages of 4 000 characters), the matcher reads the
// capped text once for all keys. Work is counted, never timed (bench/lorebook for the times):
// the matcher's own steps plus every character an indexOf call looks at, so a per-key search
// counts too.

const CONSONANTS = 'กขคงจฉชซญดตถทนบปผพฟมยรลวสหอฮ';
const THAI_WORDS = ['มังกร', 'ราชินี', 'น้ำแข็ง', 'ดาบ', 'ปราสาท', 'ภูเขา', 'เดิน', 'ต่อ', 'ฉัน', 'เห็น', 'ของ', 'ตา'];

/** Key `i` of the book: 10 characters, Thai or Latin, never a word of the scanned text. */
function keyOf(i: number): string {
  if (i % 4 === 3) return `lore${String(i).padStart(6, '0')}`;
  let code = '';
  for (let n = i, k = 0; k < 7; k++, n = Math.floor(n / CONSONANTS.length)) code += CONSONANTS[n % CONSONANTS.length];
  return `ดาว${code}`;
}

/** The totals' largest book: 200 entries sharing keysPerBook keys of keyCharactersPerBook characters. */
function largestBook(firing: string[]) {
  const keysPerEntry = L.keysPerBook / L.entries;
  const keyLength = L.keyCharactersPerBook / L.keysPerBook;
  const entries = Array.from({ length: L.entries }, (_, e) => {
    const keys = Array.from({ length: keysPerEntry }, (_, k) => keyOf(e * keysPerEntry + k));
    expect(keys.every((key) => key.length === keyLength)).toBe(true);
    // The last entries' first keys are words the messages use: those entries fire.
    if (e >= L.entries - firing.length) keys[0] = firing[e - (L.entries - firing.length)]!;
    return { keys: keys.slice(0, 3), secondaryKeys: keys.slice(3), content: `ความรู้ที่ ${e}`, matchSubstring: e % 10 === 0 };
  });
  for (const entry of entries.slice(-firing.length)) entry.secondaryKeys = [];
  return Lorebook.parse({ entries, scanDepth: L.scanDepthMax, budgetTokens: L.budgetTokensMax });
}

/** A member's long message: Thai words with spaces now and then, and a Latin word. */
function longMessage(seed: number): string {
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < 4_000; i++) {
    const word = i % 17 === 5 ? 'dragon ' : THAI_WORDS[(seed * 7 + i * 5) % THAI_WORDS.length]! + (i % 3 === 0 ? ' ' : '');
    words.push(word);
    length += word.length;
  }
  return words.join('').slice(0, 4_000);
}

function character(book: Lorebook): CharacterSnapshot {
  return { id: 'c-largest', userId: 'creator', updatedAt: '2025-01-01T00:00:00.000Z', ...sampleCharacter({ name: 'เซเลสเทีย' }), lorebook: book };
}

function input(book: Lorebook, history: string[], userMessage: string): PromptInput {
  return {
    character: character(book),
    persona: { name: 'ฟ้าใส', appearance: '', personality: '', background: '' },
    userName: null,
    memory: '',
    history: history.map((content, i) => ({ isUser: i % 2 === 0, content })),
    userMessage,
    budgetTokens: 100_000,
  };
}

/** Runs `fn` counting the characters every String#indexOf call looks at. */
function countingIndexOf<T>(fn: () => T): { result: T; looked: number } {
  const original = String.prototype.indexOf;
  let looked = 0;
  const spy = jest.spyOn(String.prototype, 'indexOf').mockImplementation(function (this: string, search: string, from?: number) {
    const at = original.call(this, search, from);
    const start = Math.min(Math.max(0, from ?? 0), this.length);
    looked += at === -1 ? this.length - start : at - start + search.length;
    return at;
  });
  try {
    return { result: fn(), looked };
  } finally {
    spy.mockRestore();
  }
}

describe('the lore step’s work has a bound', () => {
  const history = Array.from({ length: L.scanDepthMax - 1 }, (_, i) => longMessage(i));
  const book = largestBook(['มังกร', 'dragon', 'ราชินี']);

  it('matches the largest book against the longest scan in one pass: steps ≤ 4 × (scanned + key characters)', () => {
    const work: LoreMatchWork = { steps: 0 };
    const { result, looked } = countingIndexOf(() => loreFor(input(book, history, longMessage(99)), work));
    expect(result.map((entry) => entry.content)).toEqual([`ความรู้ที่ ${L.entries - 3}`, `ความรู้ที่ ${L.entries - 2}`, `ความรู้ที่ ${L.entries - 1}`]);
    expect(work.steps + looked).toBeLessThanOrEqual(4 * (L.scanCharactersMax + L.keyCharactersPerBook));
    // The matcher did walk the text (a counter that stays at 0 would prove nothing).
    expect(work.steps).toBeGreaterThanOrEqual(L.scanCharactersMax);
  });

  it('searches only the newest scanCharactersMax characters of the scanned messages', () => {
    const dragonBook = Lorebook.parse({ scanDepth: L.scanDepthMax, entries: [{ keys: ['มังกร'], content: 'มังกรน้ำแข็ง' }] });
    const filler = 'ปลาทองว่ายน้ำ '.repeat(400).slice(0, 4_000);
    const fired = (history: string[]) => loreFor(input(dragonBook, history, 'นกบินผ่าน')).map((entry) => entry.content);
    // Two fillers and the new message pass 8 000 characters: the message before them is not read.
    expect(fired(['มังกรอยู่ที่นี่', filler, filler])).toEqual([]);
    expect(fired([filler, 'มังกรอยู่ที่นี่', filler])).toEqual(['มังกรน้ำแข็ง']);
  });

  it('compiles a character version’s matcher once: the same id and updatedAt reuse it, a change compiles anew', () => {
    const copy = character(book);
    const compiled = lorebookMatcherFor(copy);
    expect(compiled).not.toBeNull();
    expect(lorebookMatcherFor({ ...copy, lorebook: Lorebook.parse(book) })).toBe(compiled);
    const edited = { ...copy, updatedAt: '2025-01-02T00:00:00.000Z' };
    expect(lorebookMatcherFor(edited)).not.toBe(compiled);
    // A copy that kept its updatedAt through a change of keys is not matched with the old ones.
    const changed = { ...copy, lorebook: Lorebook.parse({ entries: [{ keys: ['อื่น'], content: 'อื่น' }] }) };
    expect(lorebookMatcherFor(changed)).not.toBe(compiled);
  });

  it(`keeps the latest ${MATCHERS_KEPT} versions’ matchers, no more`, () => {
    const small = Lorebook.parse({ entries: [{ keys: ['มังกร'], content: 'มังกร' }] });
    const version = (i: number) => ({ ...character(small), id: `c-${i}` });
    const first = lorebookMatcherFor(version(0));
    for (let i = 1; i < MATCHERS_KEPT; i++) lorebookMatcherFor(version(i));
    expect(lorebookMatcherFor(version(0))).toBe(first);
    for (let i = MATCHERS_KEPT; i < 2 * MATCHERS_KEPT; i++) lorebookMatcherFor(version(i));
    expect(lorebookMatcherFor(version(0))).not.toBe(first);
  });
});
