import request from 'supertest';
import { MEMORY_ERROR_CODES, MEMORY_LIMITS, MEMORY_MESSAGES, type ChatSummaryView, type Message, type Pin } from '@lakorn/contracts';
import { waitUntil } from '@lakorn/service-kit/testing';
import { SUMMARY_BATCH_TURNS } from '../src/domain/summaries';
import type { CompletionRequest, FakeOpenAI } from './support/fakeOpenAI';
import { chatWith, member, startChat, startSendStack, startWallet, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

// README "Memory that keeps up" on real FerretDB and RabbitMQ with the real wallet: the summary of
// the turns the prompt's window dropped, written in the background through the outbox (by the
// model, or extractively offline), editable and in the prompt; pins kept in the prompt whatever
// the window drops, within their limits; none of it costs coins. The fake OpenAI server records
// every prompt, so what the model was given is checked as it was sent.

jest.setTimeout(180_000);

let stack: SendStack;
let llm: FakeOpenAI;
let chat: ChatUnderTest;
let wallet: WalletUnderTest;
let offline: ChatUnderTest;
let offlineWallet: WalletUnderTest;

// A small window: about five turns of the length below fit beside the character and the closing.
const CONTEXT_TOKENS = 600 + 1_700;

beforeAll(async () => {
  // The model's time limit (the summarizer's too) is well above a send's time on a busy machine.
  stack = await startSendStack('chat_memory', { contextTokens: CONTEXT_TOKENS, replyTimeoutMs: 10_000 });
  ({ llm, chat, wallet } = stack);
  offlineWallet = await startWallet({ label: 'chat_memory_wallet2', namespace: `${stack.namespace}-offline` });
  offline = await startChat({ label: 'chat_memory_offline', namespace: `${stack.namespace}-offline`, contextTokens: CONTEXT_TOKENS });
});

afterAll(async () => {
  await offline?.close();
  await offlineWallet?.close();
  await stack?.close();
});

const isSummaryRequest = (r: CompletionRequest) => r.messages[0]?.content.includes('running summary') === true;
const replyPrompts = () => llm.requests.filter((r) => !isSummaryRequest(r));
const summaryPrompts = () => llm.requests.filter(isSummaryRequest);

/** A Thai turn of about 150 code points that names its number (each costs ~154 prompt tokens). */
const turn = (n: number) => `เรื่องที่ ${n} ${'ก'.repeat(140)}`;
const replyText = (n: number) => `*ยิ้ม* คำตอบที่ ${n} ${'ข'.repeat(140)}`;

beforeEach(() => {
  llm.behave((req) => (isSummaryRequest(req) ? { reply: 'สรุปจากโมเดล: เราคุยกันเรื่องที่ 1 ถึงเรื่องที่ 6 ที่ริมทะเล' } : { reply: replyText(replyPrompts().length) }));
});

async function funded(on: ChatUnderTest, onWallet: WalletUnderTest) {
  const m = member();
  await onWallet.credit(m.actor.id, 100_000);
  const room = await chatWith(on, m.cookie);
  return { ...m, room };
}

async function send(on: ChatUnderTest, cookie: string, chatId: string, content: string) {
  const res = await request(on.server).post('/api/messages').set('Cookie', cookie).send({ chatId, content });
  if (res.status !== 200) throw new Error(`send answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { userMessage: Message; aiMessage: Message; cost: number };
}

const pin = (cookie: string, messageId: string) => request(chat.server).post(`/api/messages/${messageId}/pin`).set('Cookie', cookie);
const pinsOf = async (cookie: string, chatId: string) => (await request(chat.server).get(`/api/chats/${chatId}/pins`).set('Cookie', cookie).expect(200)).body as Pin[];

const summaryOf = async (on: ChatUnderTest, cookie: string, chatId: string) =>
  (await request(on.server).get(`/api/chats/${chatId}/summary`).set('Cookie', cookie).expect(200)).body as ChatSummaryView;

describe('summaries of the turns the window dropped', () => {
  test('are written by the configured model in the background, once enough turns fell out, and go into the next prompt; no coins move for them', async () => {
    const { actor, cookie, room } = await funded(chat, wallet);
    // The first summary call hangs (until the summarizer's timeout): sends go on meanwhile.
    let hung = false;
    llm.behave((req) => {
      if (isSummaryRequest(req)) {
        if (!hung) {
          hung = true;
          return { hang: true };
        }
        return { reply: 'สรุปจากโมเดล: เราคุยกันเรื่องที่ 1 ถึงเรื่องที่ 6 ที่ริมทะเล' };
      }
      return { reply: replyText(replyPrompts().length) };
    });
    let sent = 0;
    while (summaryPrompts().length === 0 && sent < 12) await send(chat, cookie, room.id, turn(++sent));
    expect(summaryPrompts()).toHaveLength(1);
    // The window had dropped turns already: the prompt that asked for the summary kept fewer than all.
    const asking = replyPrompts().at(-1)!;
    expect(asking.messages.some((m) => m.content === turn(1))).toBe(false);
    // A send answers while the summary is still being written (never on a send's path).
    const whileWriting = Date.now();
    await send(chat, cookie, room.id, turn(++sent));
    expect(hung).toBe(true);
    expect((await summaryOf(chat, cookie, room.id)).summary).toBe('');
    // It answered before the hung summary call could even time out (the summarizer's limit, 10 s).
    expect(Date.now() - whileWriting).toBeLessThan(10_000);

    // The hung call times out and the consumer tries again: the summary is written.
    await waitUntil(async () => (await summaryOf(chat, cookie, room.id)).summary !== '', 30_000);
    const summary = await summaryOf(chat, cookie, room.id);
    expect(summary).toMatchObject({ summary: 'สรุปจากโมเดล: เราคุยกันเรื่องที่ 1 ถึงเรื่องที่ 6 ที่ริมทะเล', edited: false });
    expect(summary.coveredTo).toBeGreaterThanOrEqual(SUMMARY_BATCH_TURNS);
    // The model was given the dropped turns, the greeting first, and no summary before this one.
    const asked = summaryPrompts().at(-1)!.messages.map((m) => m.content).join('\n');
    expect(asked).toContain('*โบกมือ* สวัสดีค่ะ');
    expect(asked).toContain(turn(1));
    expect(asked).toContain('(none yet)');

    await send(chat, cookie, room.id, turn(++sent));
    const system = replyPrompts().at(-1)!.messages[0]!.content;
    expect(system).toContain('The story so far');
    expect(system).toContain('สรุปจากโมเดล: เราคุยกันเรื่องที่ 1 ถึงเรื่องที่ 6 ที่ริมทะเล');

    // Only the sends' debits are in the ledger (README: the operator pays for summaries).
    const entries = await wallet.entries(actor.id);
    expect(entries.filter((e) => e.kind === 'debit')).toHaveLength(sent);
    expect(entries.filter((e) => e.kind !== 'debit' && e.kind !== 'credit')).toEqual([]);
  });

  test('offline, the summary is extractive: who said what, the first clause of each dropped turn', async () => {
    const { cookie, room } = await funded(offline, offlineWallet);
    let sent = 0;
    while ((await summaryOf(offline, cookie, room.id)).summary === '' && sent < 14) {
      await send(offline, cookie, room.id, `${turn(++sent)}. ต่อจากนี้ไม่ควรอยู่ในสรุป`);
      if (sent >= SUMMARY_BATCH_TURNS) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await waitUntil(async () => (await summaryOf(offline, cookie, room.id)).summary !== '', 20_000);
    const { summary, coveredTo } = await summaryOf(offline, cookie, room.id);
    expect(summary.split('\n')[0]).toBe('- ดาวเหนือ: โบกมือ สวัสดีค่ะ วันนี้ท้องฟ้าสวยจังเลยนะคะ');
    expect(summary).toContain(`: เรื่องที่ 1 ${'ก'.repeat(10)}`);
    expect(summary).not.toContain('ต่อจากนี้ไม่ควรอยู่ในสรุป');
    expect(summary.split('\n')).toHaveLength(coveredTo);
  });

  test('the member edits the summary (the edit is what the next prompt gets), blank empties it, and past the limit it is refused in Thai', async () => {
    const { actor, cookie, room } = await funded(chat, wallet);
    const put = (summary: string) => request(chat.server).put(`/api/chats/${room.id}/summary`).set('Cookie', cookie).send({ userId: actor.id, summary });

    const edited = await put('เราเคยสัญญาว่าจะไปดูดาวด้วยกัน').expect(200);
    expect(edited.body).toMatchObject({ summary: 'เราเคยสัญญาว่าจะไปดูดาวด้วยกัน', edited: true, coveredTo: 0 });
    expect(await summaryOf(chat, cookie, room.id)).toEqual(edited.body);
    await send(chat, cookie, room.id, 'จำได้ไหม');
    expect(replyPrompts().at(-1)!.messages[0]!.content).toContain('เราเคยสัญญาว่าจะไปดูดาวด้วยกัน');

    const tooLong = await put('ก'.repeat(MEMORY_LIMITS.summaryCharacters + 1)).expect(400);
    expect(tooLong.body.message).toBe(MEMORY_MESSAGES.summaryTooLong);
    await put('ก'.repeat(MEMORY_LIMITS.summaryCharacters)).expect(200);

    expect((await put('   ').expect(200)).body.summary).toBe('');
    await send(chat, cookie, room.id, 'ยังอยู่ไหม');
    expect(replyPrompts().at(-1)!.messages[0]!.content).not.toContain('The story so far');

    // Another member's chat does not exist for them.
    const other = member();
    await request(chat.server).get(`/api/chats/${room.id}/summary`).set('Cookie', other.cookie).expect(404);
    await request(chat.server).put(`/api/chats/${room.id}/summary`).set('Cookie', other.cookie).send({ summary: 'x' }).expect(404);
  });

  test('a summary asked for before the member edited it is stale and not written over the edit', async () => {
    const { actor, cookie, room } = await funded(chat, wallet);
    for (let n = 1; n <= 3; n++) await send(chat, cookie, room.id, turn(n));
    await request(chat.server).put(`/api/chats/${room.id}/summary`).set('Cookie', cookie).send({ summary: 'ฉบับของสมาชิก' }).expect(200);
    // Asked for on revision 0, before the edit made revision 1.
    expect(await chat.service.summaries.write({ chatId: room.id, userId: actor.id, rev: 0, upTo: 4 })).toBe('stale');
    expect((await summaryOf(chat, cookie, room.id)).summary).toBe('ฉบับของสมาชิก');
    // On the current revision it is written, built on the member's text.
    expect(await chat.service.summaries.write({ chatId: room.id, userId: actor.id, rev: 1, upTo: 4 })).toBe('written');
    expect(summaryPrompts().at(-1)!.messages[1]!.content).toContain('ฉบับของสมาชิก');
    expect(await summaryOf(chat, cookie, room.id)).toMatchObject({ edited: false, coveredTo: 4 });
  });
});

describe('pins', () => {

  test('a pinned message stays in the prompt after the window dropped it, and leaves it once unpinned; pins cost nothing', async () => {
    const { actor, cookie, room } = await funded(chat, wallet);
    const first = await send(chat, cookie, room.id, `ฉันชื่อมะลิ แพ้กุ้งนะ ${'ค'.repeat(120)}`);
    const pinned = await pin(cookie, first.userMessage.id).expect(201);
    expect(pinned.body).toMatchObject({ messageId: first.userMessage.id, chatId: room.id, content: first.userMessage.content, isUser: true });
    expect((pinned.body as Pin).tokens).toBeGreaterThan(120);
    // Pinning it again is the same pin.
    expect((await pin(cookie, first.userMessage.id).expect(200)).body).toEqual(pinned.body);

    for (let n = 1; n <= 8; n++) await send(chat, cookie, room.id, turn(n));
    const prompt = replyPrompts().at(-1)!;
    // The window dropped it from the history, but the pinned section carries it.
    expect(prompt.messages.slice(1).some((m) => m.content === first.userMessage.content)).toBe(false);
    expect(prompt.messages[0]!.content).toContain(`Pinned moments (keep these in mind)\nThe user: ${first.userMessage.content}`);

    expect(await pinsOf(cookie, room.id)).toEqual([pinned.body]);
    await request(chat.server).delete(`/api/messages/${first.userMessage.id}/pin`).set('Cookie', cookie).expect(204);
    expect(await pinsOf(cookie, room.id)).toEqual([]);
    await send(chat, cookie, room.id, turn(9));
    expect(replyPrompts().at(-1)!.messages[0]!.content).not.toContain('ฉันชื่อมะลิ');

    const entries = await wallet.entries(actor.id);
    expect(entries.filter((e) => e.kind === 'debit')).toHaveLength(10);
    expect(entries.filter((e) => e.kind !== 'debit' && e.kind !== 'credit')).toEqual([]);
  });

  test(`at most ${MEMORY_LIMITS.pinsPerChat} pins per chat, also when pinned all at once; the next is refused with the Thai text`, async () => {
    llm.behave(() => ({ reply: 'ค่ะ' }));
    const { cookie, room } = await funded(chat, wallet);
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const { userMessage, aiMessage } = await send(chat, cookie, room.id, `ข้อ ${n}`);
      ids.push(userMessage.id, aiMessage.id);
    }
    const answers = await Promise.all(ids.map((id) => pin(cookie, id)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MEMORY_LIMITS.pinsPerChat);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 409, body: { message: MEMORY_MESSAGES.pinLimit, code: MEMORY_ERROR_CODES.pinLimit } });
    }
    const kept = await pinsOf(cookie, room.id);
    expect(kept).toHaveLength(MEMORY_LIMITS.pinsPerChat);
    // Listed in the chat's order.
    expect(kept.map((p) => p.messageId)).toEqual(ids.filter((id) => kept.some((p) => p.messageId === id)));
  });

  test(`the pins together fit ${MEMORY_LIMITS.pinTokens} tokens by the prompt's estimate; past it the pin is refused with the Thai text`, async () => {
    const { cookie, room } = await funded(chat, wallet);
    // 450 Thai code points: 450 tokens each (one per non-ASCII code point).
    const a = await send(chat, cookie, room.id, 'ง'.repeat(450));
    const b = await send(chat, cookie, room.id, 'จ'.repeat(450));
    const c = await send(chat, cookie, room.id, 'ฉ'.repeat(120));
    expect((await pin(cookie, a.userMessage.id).expect(201)).body.tokens).toBe(450);
    await pin(cookie, b.userMessage.id).expect(201);
    const refused = await pin(cookie, c.userMessage.id).expect(409);
    expect(refused.body).toEqual({ message: MEMORY_MESSAGES.pinTokens, code: MEMORY_ERROR_CODES.pinTokens });
    await request(chat.server).delete(`/api/messages/${a.userMessage.id}/pin`).set('Cookie', cookie).expect(204);
    await pin(cookie, c.userMessage.id).expect(201);
  });

  test("another member's message, an unknown id and another member's chat answer 404", async () => {
    const { cookie, room } = await funded(chat, wallet);
    const mine = await send(chat, cookie, room.id, 'ของฉัน');
    const other = member();
    await pin(other.cookie, mine.userMessage.id).expect(404);
    await request(chat.server).delete(`/api/messages/${mine.userMessage.id}/pin`).set('Cookie', other.cookie).expect(404);
    await request(chat.server).get(`/api/chats/${room.id}/pins`).set('Cookie', other.cookie).expect(404);
    await pin(cookie, 'nosuchmessage').expect(404);
    await request(chat.server).post(`/api/messages/${mine.userMessage.id}/pin`).expect(401);
  });
});

describe('rewind and branch keep summaries and pins in step (the functions history calls)', () => {
  const sendThree = async (cookie: string, chatId: string) => {
    const sent: Array<{ userMessage: Message; aiMessage: Message }> = [];
    // Places: 1 the greeting, then 2-3, 4-5 and 6-7.
    for (let n = 1; n <= 3; n++) sent.push(await send(chat, cookie, chatId, `ข้อ ${n}`));
    return sent;
  };

  test('a rewind drops a summary covering removed turns back to the checkpoint before them, and the pins of removed messages', async () => {
    const { actor, cookie, room } = await funded(chat, wallet);
    const sent = await sendThree(cookie, room.id);
    expect(await chat.service.summaries.write({ chatId: room.id, userId: actor.id, rev: 0, upTo: 3 })).toBe('written');
    const written = await summaryOf(chat, cookie, room.id);
    await pin(cookie, sent[0]!.userMessage.id).expect(201);
    await pin(cookie, sent[2]!.userMessage.id).expect(201);

    // Places 6-7 went: the summary covers 1-3 only and stays; the pin of a removed message goes.
    await chat.service.memory.rewound(room.id, 6, [sent[2]!.userMessage.id, sent[2]!.aiMessage.id]);
    expect(await summaryOf(chat, cookie, room.id)).toMatchObject({ summary: written.summary, coveredTo: 3 });
    expect((await pinsOf(cookie, room.id)).map((p) => p.messageId)).toEqual([sent[0]!.userMessage.id]);

    // Places 2.. went: the summary covered some, and no checkpoint lies before them: it is dropped
    // (the next send asks for one again).
    await chat.service.memory.rewound(room.id, 2, [sent[0]!.userMessage.id, sent[0]!.aiMessage.id, sent[1]!.userMessage.id, sent[1]!.aiMessage.id]);
    expect(await summaryOf(chat, cookie, room.id)).toMatchObject({ summary: '', coveredTo: 0 });
    expect(await pinsOf(cookie, room.id)).toEqual([]);

    // A summary through place 55 (message page 1) over one through 3 (page 0): a rewind from 52
    // goes back to the page-0 checkpoint, and page 1's is forgotten.
    const at = new Date();
    await chat.service.stores.summaries.put(room.id, actor.id, { text: 'ถึงที่ 3', coveredTo: 3, edited: true }, at);
    await chat.service.stores.summaries.put(room.id, actor.id, { text: 'ถึงที่ 55', coveredTo: 55, edited: false }, at);
    await chat.service.memory.rewound(room.id, 52, []);
    expect(await summaryOf(chat, cookie, room.id)).toMatchObject({ summary: 'ถึงที่ 3', coveredTo: 3, edited: true });
    expect((await chat.service.stores.summaries.checkpointsUpTo(room.id, 1)).map((c) => c.coveredTo)).toEqual([3]);
  });

  test('a branch takes the summary that applies up to its message (the checkpoint before it when the summary went further) and the pins of the copied messages', async () => {
    const { actor, cookie, room } = await funded(chat, wallet);
    const sent = await sendThree(cookie, room.id);
    expect(await chat.service.summaries.write({ chatId: room.id, userId: actor.id, rev: 0, upTo: 3 })).toBe('written');
    const early = await summaryOf(chat, cookie, room.id);
    await pin(cookie, sent[0]!.userMessage.id).expect(201);
    await pin(cookie, sent[2]!.userMessage.id).expect(201);

    const target = await chatWith(chat, cookie);
    const copy = await send(chat, cookie, target.id, sent[0]!.userMessage.content);
    await chat.service.memory.branched(room.id, target.id, 3, new Map([[sent[0]!.userMessage.id, copy.userMessage.id]]));
    expect(await summaryOf(chat, cookie, target.id)).toMatchObject({ summary: early.summary, coveredTo: 3 });
    expect((await pinsOf(cookie, target.id)).map((p) => p.messageId)).toEqual([copy.userMessage.id]);

    await chat.service.stores.summaries.put(room.id, actor.id, { text: 'ถึงที่ 55', coveredTo: 55, edited: false }, new Date());
    const atThirty = await chatWith(chat, cookie);
    await chat.service.memory.branched(room.id, atThirty.id, 30, new Map());
    expect(await summaryOf(chat, cookie, atThirty.id)).toMatchObject({ summary: early.summary, coveredTo: 3 });
    const atSixty = await chatWith(chat, cookie);
    await chat.service.memory.branched(room.id, atSixty.id, 60, new Map());
    expect(await summaryOf(chat, cookie, atSixty.id)).toMatchObject({ summary: 'ถึงที่ 55', coveredTo: 55 });
    // Its checkpoints came along, so a rewind in the branch has them.
    expect((await chat.service.stores.summaries.checkpointsUpTo(atSixty.id, 1)).map((c) => c.coveredTo)).toEqual([3, 55]);
  });
});

describe('through the edit, rewind and branch routes', () => {
  test('an edit of a pinned message changes what the prompt pins; a rewind unpins what it removes and drops a summary covering it; a branch takes both', async () => {
    const { actor, cookie, room } = await funded(chat, wallet);
    const sent: Array<{ userMessage: Message; aiMessage: Message }> = [];
    // Places: 1 the greeting, then 2-3, 4-5, 6-7, 8-9.
    for (let n = 1; n <= 4; n++) sent.push(await send(chat, cookie, room.id, `ข้อ ${n}`));
    await pin(cookie, sent[0]!.userMessage.id).expect(201);
    await pin(cookie, sent[3]!.userMessage.id).expect(201);
    expect(await chat.service.summaries.write({ chatId: room.id, userId: actor.id, rev: 0, upTo: 5 })).toBe('written');

    await request(chat.server).put(`/api/messages/${sent[0]!.userMessage.id}`).set('Cookie', cookie).send({ content: 'ฉันชื่อมะลิ แพ้กุ้ง' }).expect(200);
    expect((await pinsOf(cookie, room.id)).map((p) => p.content)).toEqual(['ฉันชื่อมะลิ แพ้กุ้ง', 'ข้อ 4']);
    await send(chat, cookie, room.id, 'จำได้ไหม');
    expect(replyPrompts().at(-1)!.messages[0]!.content).toContain('The user: ฉันชื่อมะลิ แพ้กุ้ง');

    // A branch from the second exchange's reply (place 5): the summary through 5 applies, and the first pin.
    const branch = await request(chat.server).post(`/api/chats/${room.id}/branch`).set('Cookie', cookie).send({ fromMessageId: sent[1]!.aiMessage.id }).expect(201);
    const summary = await summaryOf(chat, cookie, room.id);
    expect(await summaryOf(chat, cookie, branch.body.id)).toMatchObject({ summary: summary.summary, coveredTo: 5 });
    const branchPins = await pinsOf(cookie, branch.body.id);
    expect(branchPins.map((p) => p.content)).toEqual(['ฉันชื่อมะลิ แพ้กุ้ง']);
    expect(branchPins[0]!.messageId).not.toBe(sent[0]!.userMessage.id);

    // A rewind from the second exchange (place 4) removes turns the summary covered: it is dropped
    // (no checkpoint before them), and the pin of the fourth message goes.
    await request(chat.server).delete(`/api/chats/${room.id}/messages`).query({ from: sent[1]!.userMessage.id }).set('Cookie', cookie).expect(200);
    expect(await summaryOf(chat, cookie, room.id)).toMatchObject({ summary: '', coveredTo: 0 });
    expect((await pinsOf(cookie, room.id)).map((p) => p.messageId)).toEqual([sent[0]!.userMessage.id]);
    // The branch is untouched by the source's rewind.
    expect((await summaryOf(chat, cookie, branch.body.id)).coveredTo).toBe(5);
  });
});

describe('bounded reads', () => {
  test('neither a summary nor a send reads the whole chat: messages are read only by the page keys of the places needed', async () => {
    const { actor, cookie, room } = await funded(chat, wallet);
    // 160 more places after the greeting (pages 0-3 of 50 places), stored through chat's own store.
    for (let i = 1; i <= 160; i++) {
      await chat.service.stores.chats.insertMessage({
        _id: `${room.id}-seed-${i}`,
        chatId: room.id,
        userId: actor.id,
        characterId: room.characterId,
        content: `ที่ ${i + 1}`,
        isUser: i % 2 === 1,
        timestamp: new Date(Date.now() - (200 - i) * 1_000),
        persona: null,
        offline: false,
      });
    }
    const find = jest.spyOn(chat.service.models.messages.collection, 'find');
    try {
      // Through place 150 from nothing: at most SUMMARY_MAX_TURNS (100) turns, places 51-150.
      expect(await chat.service.summaries.write({ chatId: room.id, userId: actor.id, rev: 0, upTo: 150 })).toBe('written');
      const filters = find.mock.calls.map(([filter]) => filter as Record<string, unknown>);
      expect(filters).toEqual([1, 2, 3].map((n) => ({ page: `${room.id}:${n}` })));
      const asked = summaryPrompts().at(-1)!.messages[1]!.content;
      expect(asked).toMatch(/: ที่ 51$/m);
      expect(asked).toMatch(/: ที่ 150$/m);
      expect(asked).not.toMatch(/: ที่ 50$/m);

      find.mockClear();
      await send(chat, cookie, room.id, 'ยังจำเรื่องเก่า ๆ ได้ไหม');
      for (const [filter] of find.mock.calls) expect(Object.keys(filter as object)).toEqual(['page']);
      expect(find.mock.calls.length).toBeLessThanOrEqual(3);
      expect(replyPrompts().at(-1)!.messages[0]!.content).toContain('The story so far');
    } finally {
      find.mockRestore();
    }
  });
});
