// A send's lore step on the largest book the per-book totals allow and the longest scan (chat
// README "Lorebooks"): the one-pass matcher (chat's loreFor, a compiled matcher per character
// version) against the one indexOf pass per key it replaced (indexOfLore.ts, the old loreFor
// kept as the baseline), in the same run, and the prompt assembly of a send with that book
// against one for a character without a book. No database: the lore step is pure, and the
// prompt is what a send builds between reading its chat and calling the model.
// Settings: BENCH_SENDS (300 measured sends), BENCH_OLD_SENDS (5 for the baseline),
// BENCH_NESTED_BEFORE=1 (the baseline on the nested keys too: 10–20 s a send, minutes in all).
import { Lorebook, LOREBOOK_LIMITS as L, type CharacterSnapshot } from '@lakorn/contracts';
import { sampleCharacter } from '@lakorn/service-kit/testing';
import { assemblePrompt, loreFor, type PromptInput } from '../../services/chat/src/domain/prompt';
import { loadAverage, quantile } from '../support/measure';
import { machine } from '../support/stack';
import { indexOfLoreFor } from './indexOfLore';

const SENDS = Number(process.env.BENCH_SENDS ?? 300);
const OLD_SENDS = Number(process.env.BENCH_OLD_SENDS ?? 5);
const NESTED_BEFORE = process.env.BENCH_NESTED_BEFORE === '1';

// Words of the chats: real Thai words (the segmenter knows them) and a few Latin ones.
const WORDS = ['มังกร', 'ราชินี', 'น้ำแข็ง', 'ดาบ', 'ปราสาท', 'ภูเขา', 'เดิน', 'ต่อ', 'ฉัน', 'เห็น', 'ของ', 'ตา', 'แมว', 'ป่า', 'หิมะ', 'เจ้าหญิง', 'อัศวิน', 'เวทมนตร์', 'ประตู', 'หอคอย', 'ทะเลสาบ', 'ดวงดาว', 'ค่ำคืน', 'สายลม'];
const CONSONANTS = 'กขคงจฉชซญดตถทนบปผพฟมยรลวสหอฮ';

/** Made-up 10-character keys (Thai, every fourth Latin), none a word of the chats. */
function madeUpKey(i: number): string {
  if (i % 4 === 3) return `lore${String(i).padStart(6, '0')}`;
  let code = '';
  for (let n = i, k = 0; k < 7; k++, n = Math.floor(n / CONSONANTS.length)) code += CONSONANTS[n % CONSONANTS.length];
  return `ดาว${code}`;
}

/**
 * The totals' largest book: 200 entries, keysPerBook keys of keyCharactersPerBook characters in
 * all (primary and secondary); every chat word is some entry's key, so the boundaries of every
 * Thai run of the scan are worked out (the costly case), and 24 entries fire.
 */
function largestBook(): Lorebook {
  const perEntry = L.keysPerBook / L.entries;
  const entries = Array.from({ length: L.entries }, (_, e) => {
    const keys = Array.from({ length: perEntry }, (_, k) => madeUpKey(e * perEntry + k));
    if (e < WORDS.length) keys[0] = WORDS[e]!;
    return { keys: keys.slice(0, 3), secondaryKeys: e < WORDS.length ? [] : keys.slice(3), content: `ความรู้ของโลกข้อที่ ${e} `.repeat(4), matchSubstring: e % 10 === 9 };
  });
  return Lorebook.parse({ entries, scanDepth: L.scanDepthMax, budgetTokens: L.budgetTokensMax });
}

/** A message of 4 000 characters (the message limit): chat words, a space every few. */
function message(seed: number): string {
  let text = '';
  for (let i = 0; text.length < 4_000; i++) text += WORDS[(seed * 31 + i * 7 + (i >> 3)) % WORDS.length]! + (i % 4 === 0 ? ' ' : '');
  return text.slice(0, 4_000);
}

function character(book: Lorebook | undefined): CharacterSnapshot {
  return { id: 'bench-lore', userId: 'creator', updatedAt: '2025-01-01T00:00:00.000Z', ...sampleCharacter({ name: 'เซเลสเทีย' }), ...(book ? { lorebook: book } : {}) };
}

const history = Array.from({ length: L.scanDepthMax - 1 }, (_, i) => ({ isUser: i % 2 === 0, content: message(i) }));
const input = (book: Lorebook | undefined, send: number): PromptInput => ({
  character: character(book),
  persona: { name: 'ฟ้าใส', appearance: '', personality: '', background: '' },
  userName: null,
  memory: '',
  history,
  // Each send says something new: its Thai runs are segmented afresh, as a real send's are.
  userMessage: message(1_000 + send),
  budgetTokens: 100_000,
});

interface Times {
  wall: number[];
  /** The process's CPU time per run (user + system): the machine is shared, and waiting for a core is not the step's cost. */
  cpu: number[];
}
function time(runs: number, fn: (i: number) => unknown): Times {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    fn(i);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}
const ms = (times: number[], q: number) => quantile(times, q).toFixed(2).padStart(7);
const figures = (label: string, { wall, cpu }: Times) =>
  `${label.padEnd(44)} wall p50 ${ms(wall, 0.5)} p99 ${ms(wall, 0.99)} · cpu p50 ${ms(cpu, 0.5)} p99 ${ms(cpu, 0.99)} ms (${wall.length} runs)`;

/**
 * Not a book anyone writes, but one the limits allow: keys ก, กก, … up to keyMax letters, each a
 * suffix of the next, against walls of ก (every key occurs everywhere, inside one run of Thai).
 */
function nestedBook(): Lorebook {
  const keys = Array.from({ length: L.keyMax }, (_, i) => 'ก'.repeat(i + 1));
  return Lorebook.parse({ entries: [{ keys: keys.slice(0, L.keysPerEntry), content: 'ก' }, { keys: keys.slice(L.keysPerEntry), content: 'กก' }], scanDepth: L.scanDepthMax });
}
const nestedInput = (book: Lorebook, send: number, runLength: number): PromptInput => ({
  ...input(book, send),
  history: Array.from({ length: L.scanDepthMax - 1 }, (_, i) => ({ isUser: i % 2 === 0, content: ('ก'.repeat(runLength) + ' ').repeat(Math.ceil(4_000 / (runLength + 1))).slice(0, 4_000) })),
  userMessage: `${'ก'.repeat(Math.abs(send) % 7)} ${('ก'.repeat(runLength) + ' ').repeat(Math.ceil(3_990 / (runLength + 1)))}`.slice(0, 4_000),
});

const book = largestBook();
const keyCharacters = book.entries.reduce((sum, e) => sum + [...e.keys, ...e.secondaryKeys].join('').length, 0);
console.info(`# lorebook: ${machine()}; ${loadAverage()}`);
console.info(`book: ${book.entries.length} entries, ${book.entries.reduce((n, e) => n + e.keys.length + e.secondaryKeys.length, 0)} keys, ${keyCharacters} key characters; scan: ${L.scanDepthMax} messages of 4 000 characters`);

// Same answers, before measuring: the baseline reads the whole scan, so its text is cut to the
// characters the new step reads (the same newest 8 000) for the comparison.
const fired = loreFor(input(book, 0)).map((e) => e.content);
console.info(`fired entries: ${fired.length}`);

for (let i = 0; i < 20; i++) loreFor(input(book, -1 - i));
const lore = time(SENDS, (i) => loreFor(input(book, i)));
const old = time(OLD_SENDS, (i) => indexOfLoreFor(input(book, SENDS + i)));
console.info(figures('lore step, one-pass matcher (after)', lore));
console.info(figures('lore step, indexOf per key (before)', old));

for (let i = 0; i < 20; i++) assemblePrompt(input(undefined, -1 - i));
const withBook = time(SENDS, (i) => assemblePrompt(input(book, 2_000 + i)));
const without = time(SENDS, (i) => assemblePrompt(input(undefined, 2_000 + i)));
console.info(figures('prompt assembly, largest book', withBook));
console.info(figures('prompt assembly, no book', without));
const ratio = (q: number) => (quantile(withBook.cpu, q) / quantile(without.cpu, q)).toFixed(2);
console.info(`prompt assembly with the book / without (cpu): p50 ×${ratio(0.5)}, p99 ×${ratio(0.99)}`);

const nested = nestedBook();
for (const runLength of [150, 4_000]) {
  for (let i = 0; i < 5; i++) loreFor(nestedInput(nested, -1 - i, runLength));
  console.info(figures(`nested keys, Thai runs of ${runLength} (after)`, time(Math.ceil(SENDS / 3), (i) => loreFor(nestedInput(nested, i, runLength)))));
  if (NESTED_BEFORE) console.info(figures(`nested keys, Thai runs of ${runLength} (before)`, time(OLD_SENDS, (i) => indexOfLoreFor(nestedInput(nested, i, runLength)))));
}
