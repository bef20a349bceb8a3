import { ALTERNATIVES_MAX, type CharacterSnapshot } from '@lakorn/contracts';
import { assemblePrompt, estimateTokens, MESSAGE_OVERHEAD_TOKENS, type PromptInput } from '../src/domain/prompt';
import { offlineReply } from '../src/domain/responders/offline';

// ARCHITECTURE §7: the prompt's parts in order, persona/memory/examples present, and a token
// budget that drops the oldest history first.

const character: CharacterSnapshot = {
  id: 'c1',
  userId: 'creator',
  name: 'ดาวเหนือ',
  age: '24',
  gender: 'female',
  genre: 'romantic',
  appearance: 'ผมยาวสีดำ',
  personality: 'อ่อนโยน ขี้อาย',
  firstMessage: 'สวัสดีค่ะ',
  background: 'เติบโตริมทะเล',
  exampleMessages: '*ยิ้มอาย ๆ* ขอบคุณนะคะ',
  isPublic: true,
  isSpicy: true,
  description: 'สาวริมทะเล',
  profileUrl: '',
  alternateGreetings: [],
  creatorNotesMultilingual: {},
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function input(overrides: Partial<PromptInput> = {}): PromptInput {
  return {
    character,
    persona: { name: 'อาทิตย์', appearance: 'ตัวสูง', personality: 'ร่าเริง', background: 'นักดนตรี' },
    userName: 'มะลิ',
    memory: 'เราเคยไปเที่ยวทะเลด้วยกัน',
    history: [],
    userMessage: 'คิดถึงจัง',
    budgetTokens: 4000,
    ...overrides,
  };
}

describe('assemblePrompt', () => {
  test('puts system rules, character, persona, memory and examples first, then history, the new message and the closing instruction', () => {
    const prompt = assemblePrompt(
      input({ history: [{ isUser: false, content: 'สวัสดีค่ะ' }, { isUser: true, content: 'ไปไหนมา' }, { isUser: false, content: '*ชี้ไปที่ทะเล* ไปเดินเล่นมาค่ะ' }] }),
    );
    const [system, ...rest] = prompt.messages;
    expect(system!.role).toBe('system');
    const text = system!.content;
    const order = ['never break character', 'Name: ดาวเหนือ', 'The user plays: อาทิตย์', 'เราเคยไปเที่ยวทะเลด้วยกัน', '*ยิ้มอาย ๆ* ขอบคุณนะคะ'].map((part) =>
      text.indexOf(part),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const part of ['Age: 24', 'Gender: female', 'Genre: romance', 'Appearance: ผมยาวสีดำ', 'Personality: อ่อนโยน ขี้อาย', 'Background: เติบโตริมทะเล', 'romantic and flirtatious']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Personality: ร่าเริง');
    expect(rest.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user', 'system']);
    expect(rest[3]).toEqual({ role: 'user', content: 'คิดถึงจัง' });
    // The closing instruction: stay in character, the user's language (Thai here), narration in asterisks.
    expect(rest[4]!.content).toContain('Stay in character as ดาวเหนือ');
    expect(rest[4]!.content).toContain('Thai');
    expect(rest[4]!.content).toContain('asterisks');
    expect(prompt.keptHistory).toBe(3);
  });

  test('without a persona the main identity is named, and a non-spicy character is kept for a general audience', () => {
    const prompt = assemblePrompt(input({ persona: null, character: { ...character, isSpicy: false }, userMessage: 'hello there' }));
    const system = prompt.messages[0]!.content;
    expect(system).toContain('The user is มะลิ, speaking as themselves.');
    expect(system).not.toContain('The user plays');
    expect(system).toContain('general audience');
    expect(prompt.messages.at(-1)!.content).toContain("same language as the user's last message");
  });

  test('leaves out the memory and example sections when they are empty', () => {
    const system = assemblePrompt(input({ memory: '  ', character: { ...character, exampleMessages: '' } })).messages[0]!.content;
    expect(system).not.toContain('What to remember');
    expect(system).not.toContain('Example messages');
  });

  test('the budget drops the oldest history first and keeps the newest turns, in order', () => {
    const history = Array.from({ length: 40 }, (_, i) => ({ isUser: i % 2 === 0, content: `ข้อความที่ ${String(i).padStart(2, '0')} `.repeat(10) }));
    const full = assemblePrompt(input({ history, budgetTokens: 1_000_000 }));
    expect(full.keptHistory).toBe(40);
    const perTurn = estimateTokens(history[0]!.content) + MESSAGE_OVERHEAD_TOKENS;
    const fixed = full.estimatedTokens - 40 * perTurn;
    // Room for exactly 7 turns (and a bit, less than an eighth).
    const prompt = assemblePrompt(input({ history, budgetTokens: fixed + 7 * perTurn + perTurn - 1 }));
    expect(prompt.keptHistory).toBe(7);
    const kept = prompt.messages.slice(1, 8).map((m) => m.content);
    expect(kept).toEqual(history.slice(33).map((h) => h.content));
    expect(prompt.estimatedTokens).toBeLessThanOrEqual(fixed + 8 * perTurn - 1);
    // The new message is never dropped, whatever the budget.
    const tiny = assemblePrompt(input({ history, budgetTokens: 10 }));
    expect(tiny.keptHistory).toBe(0);
    expect(tiny.messages.at(-2)).toEqual({ role: 'user', content: 'คิดถึงจัง' });
  });

  test('estimates Thai at a token per character and English at about four characters per token', () => {
    expect(estimateTokens('สวัสดี')).toBe(6);
    expect(estimateTokens('hello world!')).toBe(3);
  });
});

describe('the offline responder', () => {
  test('another answer of the same turn (answer n = 0..9, contracts ALTERNATIVES_MAX) never repeats an earlier one, even for a character with a single example line', () => {
    const single: CharacterSnapshot = { ...character, exampleMessages: '{{char}}: แล้วเจอกันนะ' };
    for (const userMessage of ['คิดถึงจัง', 'Where have you been?']) {
      const replies = Array.from({ length: ALTERNATIVES_MAX }, (_, answer) => offlineReply(assemblePrompt(input({ character: single, userMessage, answer }))));
      expect(new Set(replies).size).toBe(ALTERNATIVES_MAX);
    }
  });

  test('quoting the member keeps narration marks balanced: a message with *…* past the quote\'s cut leaves every reply with an even number of *', () => {
    // The quote is cut at 40 code points: inside the narration of the first two.
    const messages = ['วันนี้อากาศดีมากเลยนะ ไปทะเลกัน *ยิ้มกว้างแล้วจูงมือ*', 'Hello there, I waited all day *waves happily at you*', '*ยิ้ม* เล่าเรื่องทะเลให้ฟังหน่อยได้ไหม เรื่องที่เธอเคยไปมาเมื่อปีก่อน'];
    for (const userMessage of messages) {
      for (let answer = 0; answer < ALTERNATIVES_MAX; answer++) {
        const reply = offlineReply(assemblePrompt(input({ userMessage, answer })));
        expect([reply, (reply.match(/\*/g) ?? []).length % 2]).toEqual([reply, 0]);
      }
    }
  });

  test('greets in Thai with the character name, reflects the personality and the message, with narration between asterisks', () => {
    const reply = offlineReply(assemblePrompt(input({ persona: null })));
    expect(reply).toMatch(/^\*ดาวเหนือ[^*]+\* /);
    expect(reply).toContain('ฉันชื่อดาวเหนือ');
    expect(reply).toContain('อ่อนโยน ขี้อาย');
    expect(reply).toContain('"คิดถึงจัง"');
    expect(reply).toContain('สวัสดีนะ มะลิ');
  });

  test('answers in English to an English message, addresses the persona, and is the same for the same conversation', () => {
    const prompt = assemblePrompt(input({ userMessage: 'Where have you been?', history: [{ isUser: true, content: 'hi' }, { isUser: false, content: 'hello' }] }));
    const reply = offlineReply(prompt);
    expect(reply).toMatch(/^\*ดาวเหนือ [a-z ]+\* อาทิตย์, ดาวเหนือ is listening\./);
    expect(reply).toContain('"Where have you been?"');
    expect(offlineReply(prompt)).toBe(reply);
  });

  test('closes a Thai answer with one of the character\'s own lines and speaks as the personality says (a title before the name)', () => {
    const aunt: CharacterSnapshot = {
      ...character,
      name: 'ป้าแจ่ม',
      personality: 'ใจดี ห่วงใยทุกคนเหมือนลูกหลาน\nใช้คำแทนตัวว่า "ป้า" เรียกคนอื่นว่า "หนู"',
      exampleMessages: '<START>\n{{user}}: หิวจัง\n{{char}}: *ยกน้ำซุปมาวางให้* กินเยอะ ๆ นะ{{user}}\nป้าแจ่ม: พรุ่งนี้มาเร็ว ๆ ล่ะ\nเรื่องงานปล่อยไว้ก่อนลูก',
    };
    const own = ['*ยกน้ำซุปมาวางให้* กินเยอะ ๆ นะมะลิ', 'พรุ่งนี้มาเร็ว ๆ ล่ะ', 'เรื่องงานปล่อยไว้ก่อนลูก'];
    const replies = ['หิวจัง', 'วันนี้เหนื่อย', 'ไปไหนมา', 'ฝนตกอีกแล้ว', 'คิดถึงบ้าน', 'สวัสดี'].map((userMessage) =>
      offlineReply(assemblePrompt(input({ persona: null, character: aunt, userMessage }))),
    );
    for (const reply of replies) {
      expect(reply).toContain('ป้าชื่อแจ่ม คนที่รู้จักป้าบอกว่าป้าใจดี ห่วงใยทุกคนเหมือนลูกหลาน');
      expect(own.some((line) => reply.endsWith(line))).toBe(true);
      // The member's line and the card marker are never said by the character.
      expect(reply).not.toMatch(/<START>|\{\{|ป้าแจ่ม:/);
    }
    // Different messages draw different lines.
    expect(new Set(replies.map((reply) => own.find((line) => reply.endsWith(line)))).size).toBeGreaterThan(1);
  });

  test('speaks of itself by its gender when the personality names no word, and never closes an English answer with a Thai line', () => {
    const potter: CharacterSnapshot = { ...character, name: 'ภูผา', gender: 'male', personality: 'ใจเย็น พูดน้อย', exampleMessages: 'ดื่มชาก่อนครับ' };
    const thai = offlineReply(assemblePrompt(input({ persona: null, character: potter })));
    expect(thai).toContain('ผมชื่อภูผา');
    expect(thai.endsWith('ดื่มชาก่อนครับ')).toBe(true);
    const english = offlineReply(assemblePrompt(input({ persona: null, character: potter, userMessage: 'Hello there' })));
    expect(english).not.toContain('ดื่มชาก่อนครับ');
  });
});
