import request from 'supertest';
import { characterCount, CHAT_ERROR_CODES, ERROR_CODES, type Chat, type ChatMemory, type ChatSummaryView, type Message, SAVE_MESSAGES } from '@lakorn/contracts';
import { waitUntil } from '@lakorn/service-kit/testing';
import { chatWith, member, startSendStack, type ChatUnderTest, type SendStack } from './support/harness';

// Paid room (README "Paying for text that reaches the model"): every member-written text that can
// reach a prompt carries the code points already paid for it, and saving text of n code points
// costs max(0, n − paid) coins. Against the real wallet's ledger and the fake OpenAI server, whose
// recorded requests are the prompts the model was given.

jest.setTimeout(120_000);

let stack: SendStack;
let chat: ChatUnderTest;

beforeAll(async () => {
  stack = await startSendStack('chat_paid_text', { replyTimeoutMs: 8_000 });
  chat = stack.chat;
});

afterAll(async () => {
  await stack?.close();
});

const api = () => request(chat.server);
const list = async (cookie: string, chatId: string) => (await api().get(`/api/messages/chat/${chatId}`).set('Cookie', cookie).expect(200)).body as Message[];
const send = (cookie: string, chatId: string, content: string) => api().post('/api/messages').set('Cookie', cookie).send({ chatId, content });
const edit = (cookie: string, id: string, body: object) => api().put(`/api/messages/${id}`).set('Cookie', cookie).send(body);
const saveMemory = (cookie: string, chatId: string, body: object) => api().post(`/api/chats/${chatId}/memory`).set('Cookie', cookie).send(body);
const saveSummary = (cookie: string, chatId: string, body: object) => api().put(`/api/chats/${chatId}/summary`).set('Cookie', cookie).send(body);
const memoryOf = async (cookie: string, chatId: string) => (await api().get(`/api/chats/${chatId}/memory`).set('Cookie', cookie).expect(200)).body as ChatMemory;
const summaryOf = async (cookie: string, chatId: string) => (await api().get(`/api/chats/${chatId}/summary`).set('Cookie', cookie).expect(200)).body as ChatSummaryView;

/** A member with `coins` and a room where `q` was sent and answered `r`. */
async function askedOnce(coins: number) {
  const m = member();
  await stack.wallet.credit(m.actor.id, coins);
  const room = await chatWith(chat, m.cookie);
  stack.llm.behave(() => ({ reply: 'r' }));
  await send(m.cookie, room.id, 'q').expect(200);
  const [, ask, reply] = await list(m.cookie, room.id);
  return { ...m, room, ask: ask!, reply: reply! };
}

const ledgerOf = async (userId: string) => ({ entries: (await stack.wallet.entries(userId)).map((e) => e.opId), balance: await stack.wallet.balance(userId) });

test('the red team\'s sequence (send q, both messages edited to 4 000, memory 1 000, summary 2 000, send go) costs at least the member-written code points of the final prompt', async () => {
  const start = 20_000;
  const { actor, cookie, room, ask, reply } = await askedOnce(start);
  // Each text its own letter, so the prompt shows where each one went.
  const texts = { ask: 'a'.repeat(4000), reply: 'b'.repeat(4000), memory: 'm'.repeat(1000), summary: 's'.repeat(2000) };
  await edit(cookie, ask.id, { content: texts.ask }).expect(200);
  await edit(cookie, reply.id, { content: texts.reply }).expect(200);
  await saveMemory(cookie, room.id, { memory: texts.memory }).expect(200);
  await saveSummary(cookie, room.id, { summary: texts.summary }).expect(200);
  stack.llm.behave(() => ({ reply: 'ok' }));
  await send(cookie, room.id, 'go').expect(200);

  const prompt = stack.llm.requests.at(-1)!.messages.map((m) => m.content).join('\n');
  const written = [...Object.values(texts), 'go'];
  for (const text of written) expect(prompt).toContain(text);
  const inPrompt = written.reduce((sum, text) => sum + characterCount(text), 0);
  expect(inPrompt).toBe(11_002);
  const spent = start - (await stack.wallet.balance(actor.id));
  expect(spent).toBeGreaterThanOrEqual(inPrompt);
  // Each save is its own debit in the coin history, with its own opId.
  const debits = (await stack.wallet.entries(actor.id)).filter((e) => e.kind === 'debit');
  expect(debits.map((e) => e.description).sort()).toEqual(['ส่งข้อความ', 'ส่งข้อความ', 'แก้ไขข้อความ', 'แก้ไขข้อความ', 'บันทึกความทรงจำ', 'แก้ไขสรุปเรื่องราว'].sort());
  expect(new Set(debits.map((e) => e.opId)).size).toBe(debits.length);
});

test('a save costs the code points it adds beyond what its text already paid: a member\'s message starts with its send\'s cost, a reply, the memory and the summary with none', async () => {
  const { actor, cookie, room, ask, reply } = await askedOnce(100);
  const answers = await Promise.all([
    edit(cookie, ask.id, { content: 'q12' }), // 3 over a paid 1: 2
    edit(cookie, reply.id, { content: 'r1234' }), // 5 over 0: 5
    saveMemory(cookie, room.id, { memory: 'จำไว้' }), // 5 over 0: 5
    saveSummary(cookie, room.id, { summary: 'สรุป' }), // 4 over 0: 4
  ]);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  expect(await stack.wallet.balance(actor.id)).toBe(100 - 1 - 2 - 5 - 5 - 4);
  // The answers carry the paid room, so the client prices the next save as the server does.
  expect(answers.map((a) => (a.body as { paid?: number }).paid)).toEqual([3, 5, 5, 4]);
});

test('a save that does not grow the text past what was paid is free: shorter, the same length, or back up to the longest paid', async () => {
  const { actor, cookie, room, ask } = await askedOnce(100);
  await edit(cookie, ask.id, { content: 'qqqqqq' }).expect(200);
  await saveMemory(cookie, room.id, { memory: 'จำ 6 ตัว' }).expect(200);
  await saveSummary(cookie, room.id, { summary: 'สรุป 6 ตัว' }).expect(200);
  const before = await ledgerOf(actor.id);

  await edit(cookie, ask.id, { content: 'q' }).expect(200);
  await edit(cookie, ask.id, { content: 'ขขขขขข' }).expect(200);
  await saveMemory(cookie, room.id, { memory: '' }).expect(200);
  await saveMemory(cookie, room.id, { memory: 'หกตัวนะ' }).expect(200);
  await saveSummary(cookie, room.id, { summary: ' ' }).expect(200);
  await saveSummary(cookie, room.id, { summary: 'สรุปใหม่ยา' }).expect(200);

  expect(await ledgerOf(actor.id)).toEqual(before);
  expect((await list(cookie, room.id))[1]!.content).toBe('ขขขขขข');
  expect((await memoryOf(cookie, room.id)).memory).toBe('หกตัวนะ');
  expect((await summaryOf(cookie, room.id)).summary).toBe('สรุปใหม่ยา');
});

test('a save without enough coins is 402 NOT_ENOUGH_COINS with the balance and the cost, and nothing is saved', async () => {
  const { actor, cookie, room, ask, reply } = await askedOnce(11); // 10 left after the send
  const cases = [
    { res: await edit(cookie, ask.id, { content: 'q'.repeat(12) }), cost: 11 },
    { res: await edit(cookie, reply.id, { content: 'r'.repeat(11) }), cost: 11 },
    { res: await saveMemory(cookie, room.id, { memory: 'm'.repeat(11) }), cost: 11 },
    { res: await saveSummary(cookie, room.id, { summary: 's'.repeat(11) }), cost: 11 },
  ];
  for (const { res, cost } of cases) {
    expect([res.status, res.body]).toEqual([402, expect.objectContaining({ code: ERROR_CODES.notEnoughCoins, balance: 10, cost })]);
  }
  expect(await stack.wallet.balance(actor.id)).toBe(10);
  const [, a, r] = await list(cookie, room.id);
  expect([a!.content, r!.content, a!.edited, r!.edited]).toEqual(['q', 'r', undefined, undefined]);
  expect((await memoryOf(cookie, room.id)).memory).toBe('');
  expect((await summaryOf(cookie, room.id)).summary).toBe('');
});

test('a save whose client showed a lower cost than the server\'s is 409 COST_CHANGED with the cost now, nothing taken or saved; the cost shown is charged when it stands', async () => {
  const { actor, cookie, ask } = await askedOnce(100);
  const refused = await edit(cookie, ask.id, { content: 'q123', cost: 2 });
  expect([refused.status, refused.body.code, refused.body.cost]).toEqual([409, CHAT_ERROR_CODES.costChanged, 3]);
  expect(await stack.wallet.balance(actor.id)).toBe(99);
  await edit(cookie, ask.id, { content: 'q123', cost: 3 }).expect(200);
  expect(await stack.wallet.balance(actor.id)).toBe(96);
});

test('a save whose debit went unanswered (the wallet unreachable) is 503, nothing is saved and the coins taken come back', async () => {
  const { actor, cookie, room } = await askedOnce(100);
  const original = chat.bus.request.bind(chat.bus);
  // The debit reaches the wallet and is taken, but its answer is lost on the way back.
  const lost = jest.spyOn(chat.bus, 'request').mockImplementationOnce(async (...args: Parameters<typeof original>) => {
    await original(...args);
    throw new Error('the answer was lost');
  });
  try {
    const res = await saveMemory(cookie, room.id, { memory: 'หายกลางทาง' });
    expect([res.status, res.body.code]).toEqual([503, ERROR_CODES.unavailable]);
  } finally {
    lost.mockRestore();
  }
  expect((await memoryOf(cookie, room.id)).memory).toBe('');
  const deadline = Date.now() + 15_000;
  while ((await stack.wallet.balance(actor.id)) !== 99 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await stack.wallet.balance(actor.id)).toBe(99);
  expect((await stack.wallet.entries(actor.id)).map((e) => e.kind)).toEqual(['credit', 'debit', 'debit', 'refund']);
});

test('a branch carries the paid room with its texts: the copy\'s message, memory and summary saved again at their length are free', async () => {
  const { actor, cookie, room, ask } = await askedOnce(100);
  await edit(cookie, ask.id, { content: 'q'.repeat(10) }).expect(200);
  await saveMemory(cookie, room.id, { memory: 'm'.repeat(10) }).expect(200);
  await saveSummary(cookie, room.id, { summary: 's'.repeat(10) }).expect(200);
  const made = (await api().post(`/api/chats/${room.id}/branch`).set('Cookie', cookie).send({ fromMessageId: ask.id }).expect(201)).body as Chat;
  const before = await ledgerOf(actor.id);
  const copy = (await list(cookie, made.id))[1]!;
  await edit(cookie, copy.id, { content: 'x'.repeat(10) }).expect(200);
  await saveMemory(cookie, made.id, { memory: 'y'.repeat(10) }).expect(200);
  await saveSummary(cookie, made.id, { summary: 'z'.repeat(10) }).expect(200);
  expect(await ledgerOf(actor.id)).toEqual(before);
});

test('a pin is always its message\'s text: an edit the pins cannot hold unpins the message rather than keep the older text beside the new', async () => {
  const { cookie, room, ask } = await askedOnce(10_000);
  await edit(cookie, ask.id, { content: 'a'.repeat(4000) }).expect(200); // 1 000 tokens: the pins' whole allowance
  await api().post(`/api/messages/${ask.id}/pin`).set('Cookie', cookie).expect(201);
  // Thai: a token a code point, far past the allowance; the old text would have stayed pinned.
  await edit(cookie, ask.id, { content: 'ก'.repeat(4000) }).expect(200);
  const pins = (await api().get(`/api/chats/${room.id}/pins`).set('Cookie', cookie).expect(200)).body as unknown[];
  expect(pins).toEqual([]);
});

test('a pin follows the answer chosen for its message, so an answer edited earlier never stays in the prompt beside the one chosen', async () => {
  const { cookie, room, reply } = await askedOnce(10_000);
  stack.llm.behave(() => ({ reply: 'อีกคำตอบ' }));
  await api().post(`/api/messages/${reply.id}/regenerate`).set('Cookie', cookie).send({ clientMessageId: 'paid-pin-regenerate' }).expect(200);
  await edit(cookie, reply.id, { content: 'b'.repeat(4000) }).expect(200); // answer 1, paid 4 000
  await api().post(`/api/messages/${reply.id}/pin`).set('Cookie', cookie).expect(201);
  await api().put(`/api/messages/${reply.id}/selected`).set('Cookie', cookie).send({ index: 0 }).expect(200);
  const pins = (await api().get(`/api/chats/${room.id}/pins`).set('Cookie', cookie).expect(200)).body as Array<{ content: string }>;
  expect(pins.map((p) => p.content)).toEqual(['r']);
});

describe('a paid save is journaled as a send is: no crash between its debit and its write keeps the coins', () => {
  const savesOf = (userId: string) => chat.connection.collection('paid_saves').find({ userId }).toArray();

  test('a save whose write fails after the debit, while the database also refuses the refund request, is refunded by the sweeper and nothing is saved', async () => {
    const { actor, cookie, room } = await askedOnce(100);
    const write = jest.spyOn(chat.service.stores.chats, 'setMemory').mockRejectedValueOnce(new Error('connection lost'));
    // The database is away: the outbox insert of a refund request fails as well.
    const enqueue = jest.spyOn(chat.outbox, 'enqueue').mockRejectedValueOnce(new Error('connection lost'));
    try {
      // The member is told the truth in Thai: not known to be saved, refunded when it was not.
      const answer = await saveMemory(cookie, room.id, { memory: 'จะหายไหม' });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'UNAVAILABLE', message: SAVE_MESSAGES.unsettled });
    } finally {
      write.mockRestore();
      enqueue.mockRestore();
    }
    expect(await stack.wallet.balance(actor.id)).toBe(99 - 8);
    expect((await savesOf(actor.id)).map((s) => s.pending)).toEqual([true]);

    expect(await chat.service.paidRoom.sweep()).toBeGreaterThanOrEqual(1);
    await waitUntil(async () => (await stack.wallet.balance(actor.id)) === 99, 15_000, 'the refund of the save');
    expect((await stack.wallet.entries(actor.id)).map((e) => e.kind)).toEqual(['credit', 'debit', 'debit', 'refund']);
    expect((await memoryOf(cookie, room.id)).memory).toBe('');
    expect((await savesOf(actor.id)).map((s) => [s.pending, s.result])).toEqual([[undefined, 'refunded']]);
    expect(await chat.service.paidRoom.sweep()).toBe(0);
  });

  test('a save written whose resolution could not be recorded (a crash before it is marked applied) stays paid and saved: the sweeper finishes it, no refund', async () => {
    const { actor, cookie, room, ask } = await askedOnce(100);
    const mark = jest.spyOn(chat.service.stores.sends, 'resolveSave').mockRejectedValueOnce(new Error('connection lost'));
    try {
      // The text was written: the member is told it was saved.
      await edit(cookie, ask.id, { content: 'q1234' }).expect(200);
    } finally {
      mark.mockRestore();
    }
    expect((await savesOf(actor.id)).map((s) => s.pending)).toEqual([true]);
    expect(await chat.service.paidRoom.sweep()).toBeGreaterThanOrEqual(1);
    expect((await savesOf(actor.id)).map((s) => [s.pending, s.result])).toEqual([[undefined, 'delivered']]);
    // Given time for a refund request to reach the wallet, none came.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await stack.wallet.balance(actor.id)).toBe(99 - 4);
    expect((await stack.wallet.entries(actor.id)).map((e) => e.kind)).toEqual(['credit', 'debit', 'debit']);
    expect((await list(cookie, room.id))[1]).toMatchObject({ content: 'q1234', paid: 5 });
  });

  test('a save whose chat process died after the debit (its process not seen running) is refunded by the sweeper before its deadline', async () => {
    const { actor, room } = await askedOnce(100);
    // What the dead handler had done: the save recorded, then the debit the wallet took.
    const opId = `chat-summary:${room.id}:gone${Date.now()}`;
    const createdAt = new Date();
    await chat.service.stores.sends.beginSave({
      _id: opId, userId: actor.id, kind: 'summary', targetId: room.id, cost: 6, createdAt, expiresAt: new Date(createdAt.getTime() + 60_000), instance: 'process-never-seen',
    });
    const debit = await chat.bus.request('wallet.debit', { opId, userId: actor.id, amount: 6, description: 'แก้ไขสรุปเรื่องราว', deadline: Date.now() + 5_000 }, { messageId: opId, timeoutMs: 5_000 });
    expect(debit).toEqual({ status: 'debited', balance: 93 });

    expect(await chat.service.paidRoom.sweep()).toBeGreaterThanOrEqual(1);
    await waitUntil(async () => (await stack.wallet.balance(actor.id)) === 99, 15_000, 'the refund of the save');
    expect((await savesOf(actor.id)).map((s) => s.result)).toEqual(['refunded']);
  });
});
