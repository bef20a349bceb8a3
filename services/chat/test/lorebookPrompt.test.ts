import { Lorebook, type CharacterSnapshot } from '@lakorn/contracts';
import { sampleCharacter } from '@lakorn/service-kit/testing';
import { assemblePrompt, estimateTokens, loreFor, type PromptInput } from '../src/domain/prompt';

// ARCHITECTURE §7 with a lorebook: which entries enter the prompt at a send (keys in the book's
// last scanDepth messages, constant ones), in order, within the book's budget by the prompt's
// own token estimate.

function character(book: unknown): CharacterSnapshot {
  return { id: 'c1', userId: 'creator', updatedAt: '2025-01-01T00:00:00.000Z', ...sampleCharacter({ name: 'เซเลสเทีย' }), lorebook: Lorebook.parse(book) };
}

function input(book: unknown, userMessage: string, history: string[] = []): PromptInput {
  return {
    character: character(book),
    persona: null,
    userName: 'ฟ้า',
    memory: '',
    history: history.map((content, i) => ({ isUser: i % 2 === 0, content })),
    userMessage,
    budgetTokens: 6000,
  };
}

const contents = (i: PromptInput) => loreFor(i).map((entry) => entry.content);

describe('lorebook entries in the prompt', () => {
  const book = {
    entries: [
      { keys: ['มังกร'], content: 'มังกรน้ำแข็งเฝ้ายอดเขา', order: 20 },
      { keys: ['ตา'], content: 'ดวงตาของราชินีเป็นสีฟ้า', order: 10 },
      { keys: [], content: 'อาณาจักรหนาวตลอดปี', constant: true, order: 30 },
      { keys: ['dragon'], content: 'Dragons fear the queen.', enabled: false },
    ],
  };

  it('puts in the entries whose keys appear in the new message, and the constant ones, lowest order first', () => {
    expect(contents(input(book, 'ตาของมังกรตัวนั้นสวยจัง'))).toEqual(['ดวงตาของราชินีเป็นสีฟ้า', 'มังกรน้ำแข็งเฝ้ายอดเขา', 'อาณาจักรหนาวตลอดปี']);
  });

  it('does not fire a key inside a longer Thai word, nor a disabled entry', () => {
    expect(contents(input(book, 'ตามฉันมาเร็ว ๆ dragon'))).toEqual(['อาณาจักรหนาวตลอดปี']);
  });

  it('scans the last scanDepth messages (the new one among them), not older ones', () => {
    const history = ['มังกรอยู่ไหน', 'ไม่รู้สิ', 'ไปกันเถอะ', 'ได้เลย'];
    // Default depth 4: the new message and the 3 before it; มังกร is 5 messages back.
    expect(contents(input(book, 'เดินต่อ', history))).not.toContain('มังกรน้ำแข็งเฝ้ายอดเขา');
    expect(contents(input({ ...book, scanDepth: 5 }, 'เดินต่อ', history))).toContain('มังกรน้ำแข็งเฝ้ายอดเขา');
    expect(contents(input({ ...book, scanDepth: 0 }, 'มังกร'))).toEqual(['อาณาจักรหนาวตลอดปี']);
  });

  it('keeps within budgetTokens by the prompt’s own estimate, skipping an entry that does not fit', () => {
    const big = 'ก'.repeat(300);
    const budgeted = {
      budgetTokens: estimateTokens(big) + estimateTokens('เล็ก'),
      entries: [
        { keys: ['ดาบ'], content: big, order: 1 },
        { keys: ['ดาบ'], content: 'ข'.repeat(50), order: 2 },
        { keys: ['ดาบ'], content: 'เล็ก', order: 3 },
      ],
    };
    expect(contents(input(budgeted, 'ดาบเล่มนี้'))).toEqual([big, 'เล็ก']);
  });

  it('secondary keys: a primary key AND any secondary key must appear', () => {
    const selective = { entries: [{ keys: ['ดาบ'], secondaryKeys: ['ราชินี', 'เซเลสเทีย'], content: 'ดาบของราชินี' }] };
    expect(contents(input(selective, 'ดาบเล่มนี้'))).toEqual([]);
    expect(contents(input(selective, 'เซเลสเทียถือดาบ'))).toEqual(['ดาบของราชินี']);
  });

  it('finds a key beside the character’s made-up name', () => {
    const named = { entries: [{ keys: ['กับดัก'], content: 'ระวังกับดักน้ำแข็ง' }] };
    expect(contents(input(named, 'เซเลสเทียกับดักน้ำแข็ง'))).toEqual(['ระวังกับดักน้ำแข็ง']);
  });

  it('puts the fired entries in the system message, after the character, counted in the estimate', () => {
    const withLore = assemblePrompt(input(book, 'มังกรมาแล้ว'));
    const without = assemblePrompt(input(book, 'นกมาแล้ว'));
    const system = withLore.messages[0]!.content;
    expect(system).toContain('## What you know about this world (lorebook)\nมังกรน้ำแข็งเฝ้ายอดเขา\nอาณาจักรหนาวตลอดปี');
    expect(system.indexOf('Your character')).toBeLessThan(system.indexOf('lorebook'));
    expect(without.messages[0]!.content).not.toContain('มังกรน้ำแข็ง');
    expect(withLore.estimatedTokens - without.estimatedTokens).toBeGreaterThanOrEqual(estimateTokens('มังกรน้ำแข็งเฝ้ายอดเขา'));
  });

  it('a character without a lorebook (a copy from before lorebooks) gets none', () => {
    const { lorebook: _none, ...older } = character({});
    expect(loreFor({ ...input({}, 'มังกร'), character: older })).toEqual([]);
  });
});
