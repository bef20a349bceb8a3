import { Lorebook, type CharacterSnapshot } from '@lakorn/contracts';
import { sampleCharacter } from '@lakorn/service-kit/testing';
import { indexOfLoreFor } from '../../../bench/lorebook/indexOfLore';
import { loreFor, type PromptInput } from '../src/domain/prompt';

// The one-pass matcher keeps the matching rules exactly (chat README "Lorebooks"): on scans within
// LOREBOOK_LIMITS.scanCharactersMax, the entries it puts in are the ones the indexOf-per-key
// loreFor it replaced put in (kept in bench/lorebook/indexOfLore.ts), over generated books and
// chats of Thai words, made-up names, Latin words, digits, punctuation, case and NFKC variants.

const THAI = ['ฟ้าใส', 'อาร์เธอร์', 'มังกร', 'มัง', 'กร', 'ตา', 'ตาม', 'ดวงตา', 'แมว', 'แมวน้ำ', 'น้ำ', 'น้ํา', 'ราชินี', 'เซเลสเทีย', 'เซเลส', 'กับ', 'กับดัก', 'ดัก', 'ไป', 'ตลาด', 'ลาด', 'ข้าว', 'มันไก่', 'ไก่', 'ทะเล', 'ทะเลสาบ', 'ฮอกวอตส์', 'ก', 'กก', 'ๆ', '฿'];
/** Made-up names: as the character's or the persona's, they move the boundaries of the keys beside them. */
const NAMES = ['เซเลสเทีย', 'อาร์เธอร์', 'ฟ้าใส', 'กับดัก'];
const LATIN = ['dragon', 'Dragon', 'DRAGON', 'dragonfly', 'red', 'red dragon', 'ali', 'alice', 'café', 'cafe\u0301', 'ｄｒａｇｏｎ', 'x1', '42'];
const GLUE = [' ', '', '', '', '', '', '', '\n', '!', '-', '.', ', '];

/** A small seeded generator (mulberry32), so a failure names its case and repeats. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

/** A case; `close`: few words, mostly names and keys written together, so the names decide boundaries. */
function sample(seed: number, close = false): PromptInput {
  const { next, pick } = generator(seed);
  const word = close ? () => pick([...NAMES, 'กับ', 'ดัก', 'มังกร', 'ตา', 'ตาม', 'น้ำแข็ง']) : () => (next() < 0.15 ? pick(NAMES) : next() < 0.7 ? pick(THAI) : pick(LATIN));
  const glue = () => (close ? (next() < 0.8 ? '' : ' ') : pick(GLUE));
  const sentence = (words: number) => Array.from({ length: words }, () => word() + glue()).join('');
  const key = () => {
    if (next() < 0.2) {
      const text = sentence(3);
      const start = Math.floor(next() * text.length);
      return text.slice(start, start + 1 + Math.floor(next() * 6)).trim() || word();
    }
    return next() < 0.2 ? `${word()} ${word()}` : word();
  };
  const entries = Array.from({ length: 1 + Math.floor(next() * 8) }, (_, i) => ({
    keys: Array.from({ length: Math.floor(next() * 4) }, key),
    secondaryKeys: next() < 0.3 ? Array.from({ length: 1 + Math.floor(next() * 2) }, key) : [],
    content: `รายการ ${i}`,
    enabled: next() > 0.1,
    constant: next() < 0.1,
    matchSubstring: next() < 0.2,
    order: Math.floor(next() * 5),
  }));
  const character: CharacterSnapshot = {
    id: `same-${seed}`,
    userId: 'creator',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...sampleCharacter({ name: next() < 0.5 ? pick(NAMES) : pick(['Celestia', 'มังกรไฟ']) }),
    lorebook: Lorebook.parse({ entries, scanDepth: 1 + Math.floor(next() * 4) }),
  };
  return {
    character,
    persona: next() < 0.5 ? { name: pick([...NAMES, 'เซเลส', 'Ali']), appearance: '', personality: '', background: '' } : null,
    userName: null,
    memory: '',
    // Now and then a long one: runs of Thai with more known-word occurrences than a run corrects by.
    history: Array.from({ length: Math.floor(next() * 4) }, (_, i) => ({ isUser: i % 2 === 0, content: sentence(2 + Math.floor(next() * (next() < 0.2 ? 120 : 12))) })),
    userMessage: sentence(1 + Math.floor(next() * 12)),
    budgetTokens: 6_000,
  };
}

describe('the one-pass matcher puts in the same entries as one indexOf pass per key', () => {
  it.each([
    ['of every kind', false],
    ['of names and keys written together', true],
  ])('on 400 generated books and chats %s', (_kind, close) => {
    const differ: number[] = [];
    let fired = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const input = sample(seed, close);
      const now = loreFor(input).map((entry) => entry.content);
      const before = indexOfLoreFor(input).map((entry) => entry.content);
      if (JSON.stringify(now) !== JSON.stringify(before)) differ.push(seed);
      fired += before.length;
    }
    expect(differ).toEqual([]);
    // The cases do fire entries (a generator that never matched would prove nothing).
    expect(fired).toBeGreaterThan(200);
  });
});
