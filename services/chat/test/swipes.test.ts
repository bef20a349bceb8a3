import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ALTERNATIVES_MAX, messageCost, SWIPE_MESSAGES, type Message, type SendMessageResult, type StreamStart } from '@lakorn/contracts';
import { waitUntil } from '@lakorn/service-kit/testing';
import type { FakeOpenAI } from './support/fakeOpenAI';
import { chatWith, member, parseEvents, snapshot, startSendStack, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

// chat README "Another answer": POST /api/messages/{id}/regenerate and PUT /api/messages/{id}/selected
// on real FerretDB and RabbitMQ with the real wallet's ledger: one debit per answer (opId
// chat:<replyId>:alt<n>), a refund when the model fails, a repeated id charged once, the limit and
// the refusals taking nothing, the chosen answer in the list, the history and the next prompt; and
// a streamed reply the member stops is kept as written, paid.

jest.setTimeout(120_000);

let stack: SendStack;
let llm: FakeOpenAI;
let chat: ChatUnderTest;
let wallet: WalletUnderTest;

beforeAll(async () => {
  stack = await startSendStack('chat_swipes', { replyTimeoutMs: 10_000 });
  ({ llm, chat, wallet } = stack);
});

afterAll(async () => {
  await stack?.close();
});

let answers = 0;
beforeEach(() => llm.behave(() => ({ reply: `*ยิ้ม* คำตอบที่ ${++answers}` })));

const QUESTION = 'เล่าเรื่องทะเลให้ฟังหน่อย';

/** A member with coins, a chat, and one exchange in it (the reply is the chat's latest message). */
async function exchanged(coins = 200) {
  const m = member();
  await wallet.credit(m.actor.id, coins);
  const room = await chatWith(chat, m.cookie);
  const sent = await request(chat.server).post('/api/messages').set('Cookie', m.cookie).send({ chatId: room.id, content: QUESTION });
  expect(sent.status).toBe(200);
  return { ...m, room, sent: sent.body as SendMessageResult };
}

const regenerate = (cookie: string, id: string, clientMessageId: string) =>
  request(chat.server).post(`/api/messages/${id}/regenerate`).set('Cookie', cookie).send({ clientMessageId });
const select = (cookie: string, id: string, index: number) => request(chat.server).put(`/api/messages/${id}/selected`).set('Cookie', cookie).send({ index });
const list = async (cookie: string, chatId: string, query = '') => (await request(chat.server).get(`/api/messages/chat/${chatId}${query}`).set('Cookie', cookie).expect(200)).body as Message[];
const debitsOf = async (userId: string) => (await wallet.entries(userId)).filter((e) => e.kind === 'debit').map((e) => [e.opId, Math.abs(e.amount)]);
const refundsOf = async (userId: string) => (await wallet.entries(userId)).filter((e) => e.kind === 'refund').map((e) => [e.opId, Math.abs(e.amount)]);

describe('POST /api/messages/{id}/regenerate', () => {
  test('another answer costs what the member\'s message cost, one debit chat:<replyId>:alt1, and is answered as a send with the new answer selected', async () => {
    const { actor, cookie, room, sent } = await exchanged();
    const replyId = sent.aiMessage.id;
    const cost = messageCost(QUESTION);
    const res = await regenerate(cookie, replyId, 'regen-first-1');
    expect(res.status).toBe(200);
    const answer = res.body as SendMessageResult;
    expect(answer.cost).toBe(cost);
    expect(answer.balance).toBe(200 - 2 * cost);
    expect(answer.userMessage).toMatchObject({ id: sent.userMessage.id, content: QUESTION, isUser: true });
    expect(answer.aiMessage).toMatchObject({ id: replyId, isUser: false, alternatives: [sent.aiMessage.content, answer.aiMessage.content], selected: 1 });
    expect(answer.aiMessage.content).not.toBe(sent.aiMessage.content);
    expect(await debitsOf(actor.id)).toEqual([
      [`chat:${sent.userMessage.id}`, cost],
      [`chat:${replyId}:alt1`, cost],
    ]);
    expect(await wallet.balance(actor.id)).toBe(200 - 2 * cost);
    // The prompt answered the member's message again, without the reply being replaced.
    const prompt = llm.requests.at(-1)!.messages;
    expect(prompt.some((m) => m.content.includes(sent.aiMessage.content))).toBe(false);
    expect(prompt.filter((m) => m.content.includes(QUESTION))).toHaveLength(1);
    // The message list, whole and paged, carries the answers and the chosen one.
    for (const query of ['', '?limit=10']) {
      const messages = await list(cookie, room.id, query);
      expect(messages).toHaveLength(3);
      expect(messages.at(-1)).toMatchObject({ id: replyId, content: answer.aiMessage.content, alternatives: [sent.aiMessage.content, answer.aiMessage.content], selected: 1 });
      expect(messages[0]!.alternatives).toBeUndefined();
    }
  });
});

describe('choosing an answer (PUT /api/messages/{id}/selected)', () => {
  test('is free; the reply\'s content, the chat\'s last line and the next send\'s prompt use the chosen answer; an index it lacks is 400', async () => {
    const { actor, cookie, room, sent } = await exchanged();
    const replyId = sent.aiMessage.id;
    const second = (await regenerate(cookie, replyId, 'regen-choose-1').expect(200)).body as SendMessageResult;
    const balance = await wallet.balance(actor.id);

    const chosen = await select(cookie, replyId, 0);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ id: replyId, content: sent.aiMessage.content, alternatives: [sent.aiMessage.content, second.aiMessage.content], selected: 0 });
    expect((await list(cookie, room.id)).at(-1)).toMatchObject({ content: sent.aiMessage.content, selected: 0 });
    expect((await request(chat.server).get(`/api/chats/${room.id}`).set('Cookie', cookie)).body.lastMessage).toBe(sent.aiMessage.content);

    for (const [id, index] of [[replyId, 2], [sent.userMessage.id, 1]] as const) {
      const refused = await select(cookie, id, index);
      expect([refused.status, refused.body.message]).toEqual([400, SWIPE_MESSAGES.noSuchAlternative]);
    }
    expect((await request(chat.server).put(`/api/messages/${replyId}/selected`).set('Cookie', cookie).send({ index: -1 })).status).toBe(400);
    expect(await wallet.balance(actor.id)).toBe(balance);
    expect(await wallet.entries(actor.id)).toHaveLength(3);

    // The next send continues from the chosen answer, not from the other one.
    const next = await request(chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'แล้วยังไงต่อ' });
    expect(next.status).toBe(200);
    const prompt = llm.requests.at(-1)!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(sent.aiMessage.content);
    expect(prompt).not.toContain(second.aiMessage.content);
  });
});

describe('what a regenerate costs', () => {
  test('the same clientMessageId twice, at once and later, is one answer charged once; a send may use the same id (its own namespace)', async () => {
    const m = member();
    await wallet.credit(m.actor.id, 200);
    const room = await chatWith(chat, m.cookie);
    const sent = (await request(chat.server).post('/api/messages').set('Cookie', m.cookie).send({ chatId: room.id, content: QUESTION, clientMessageId: 'shared-id-1' }).expect(200)).body as SendMessageResult;
    const replyId = sent.aiMessage.id;
    const both = await Promise.all([regenerate(m.cookie, replyId, 'shared-id-1'), regenerate(m.cookie, replyId, 'shared-id-1')]);
    expect(both.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of both) expect([200, 202]).toContain(r.status);
    const again = await regenerate(m.cookie, replyId, 'shared-id-1');
    expect(again.status).toBe(200);
    const first = both.find((r) => r.status === 200)!.body as SendMessageResult;
    expect((again.body as SendMessageResult).aiMessage.content).toBe(first.aiMessage.content);
    const cost = messageCost(QUESTION);
    expect(await debitsOf(m.actor.id)).toEqual([
      [`chat:${sent.userMessage.id}`, cost],
      [`chat:${replyId}:alt1`, cost],
    ]);
    expect(await wallet.balance(m.actor.id)).toBe(200 - 2 * cost);
    expect((await list(m.cookie, room.id)).at(-1)!.alternatives).toHaveLength(2);
  });

  test('a model that fails refunds refund:chat:<replyId>:alt1 and shows no answer; the next ask is answer alt2, paid once', async () => {
    const { actor, cookie, room, sent } = await exchanged();
    const replyId = sent.aiMessage.id;
    const cost = messageCost(QUESTION);
    llm.behave(() => ({ status: 500, message: 'model down' }));
    const failed = await regenerate(cookie, replyId, 'regen-fails-1');
    expect([failed.status, failed.body.code, failed.body.refunded]).toEqual([503, 'AI_UNAVAILABLE', cost]);
    await waitUntil(async () => (await wallet.balance(actor.id)) === 200 - cost, 15_000, 'the refund');
    expect(await refundsOf(actor.id)).toEqual([[`refund:chat:${replyId}:alt1`, cost]]);
    expect((await list(cookie, room.id)).at(-1)).toEqual(expect.not.objectContaining({ alternatives: expect.anything() }));

    llm.behave(() => ({ reply: '*หัวเราะ* ลองใหม่ได้แล้ว' }));
    const retried = await regenerate(cookie, replyId, 'regen-fails-2');
    expect(retried.status).toBe(200);
    expect(retried.body.aiMessage).toMatchObject({ content: '*หัวเราะ* ลองใหม่ได้แล้ว', alternatives: [sent.aiMessage.content, '*หัวเราะ* ลองใหม่ได้แล้ว'], selected: 1 });
    expect((await debitsOf(actor.id)).map(([opId]) => opId)).toEqual([`chat:${sent.userMessage.id}`, `chat:${replyId}:alt1`, `chat:${replyId}:alt2`]);
    expect(await wallet.balance(actor.id)).toBe(200 - 2 * cost);
  });

  test(`a reply keeps at most ${ALTERNATIVES_MAX} answers: the next ask is 409 with the Thai text and takes nothing`, async () => {
    const { actor, cookie, room, sent } = await exchanged(1_000);
    const replyId = sent.aiMessage.id;
    for (let i = 1; i < ALTERNATIVES_MAX; i++) expect((await regenerate(cookie, replyId, `regen-limit-${i}`)).status).toBe(200);
    const balance = await wallet.balance(actor.id);
    const refused = await regenerate(cookie, replyId, 'regen-limit-over');
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'ALTERNATIVES_FULL', SWIPE_MESSAGES.full]);
    expect(await wallet.balance(actor.id)).toBe(balance);
    expect(await debitsOf(actor.id)).toHaveLength(ALTERNATIVES_MAX);
    const reply = (await list(cookie, room.id, '?limit=5')).at(-1)!;
    expect(reply.alternatives).toHaveLength(ALTERNATIVES_MAX);
    expect(reply.selected).toBe(ALTERNATIVES_MAX - 1);
  });

  test('an older reply, a member\'s message and the greeting are refused (409 NOT_REGENERABLE), nothing taken; another member\'s message or an unknown id is 404', async () => {
    const { actor, cookie, room, sent } = await exchanged();
    await request(chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'ต่ออีกหน่อย' }).expect(200);
    const [greeting] = await list(cookie, room.id);
    const balance = await wallet.balance(actor.id);
    for (const id of [sent.aiMessage.id, sent.userMessage.id, greeting!.id]) {
      const refused = await regenerate(cookie, id, `regen-refused-${id.slice(0, 8)}`);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'NOT_REGENERABLE', SWIPE_MESSAGES.notRegenerable]);
    }
    const latest = (await list(cookie, room.id)).at(-1)!;
    const other = member();
    await wallet.credit(other.actor.id, 100);
    for (const res of [
      await regenerate(other.cookie, latest.id, 'regen-other-1'),
      await select(other.cookie, latest.id, 0),
      await regenerate(cookie, 'no-such-message', 'regen-missing-1'),
      await select(cookie, 'no-such-message', 0),
    ]) expect([res.status, res.body.message]).toEqual([404, 'Message not found']);
    expect(await wallet.balance(actor.id)).toBe(balance);
    expect(await wallet.balance(other.actor.id)).toBe(100);
    expect(await debitsOf(other.actor.id)).toEqual([]);
    // A missing clientMessageId is a 400: it is required.
    expect((await request(chat.server).post(`/api/messages/${latest.id}/regenerate`).set('Cookie', cookie).send({})).status).toBe(400);
  });
});

describe('streaming and stopping', () => {
  const stream = (cookie: string, path: string, body: Record<string, unknown>) =>
    request(chat.server)
      .post(path)
      .set('Cookie', cookie)
      .set('Accept', 'text/event-stream')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      })
      .send(body);

  test('a regenerate streams as a send does: start names the member\'s message, the new answer in pieces, done with the answers', async () => {
    const { cookie, sent } = await exchanged();
    llm.behave(() => ({ reply: '*กระซิบ* อีกเรื่องหนึ่งนะ ทะเลตอนกลางคืน', chunkSize: 4, chunkDelayMs: 5 }));
    const res = await stream(cookie, `/api/messages/${sent.aiMessage.id}/regenerate`, { clientMessageId: 'regen-stream-1' });
    const events = parseEvents(res.body as string);
    expect(events[0]).toEqual({ event: 'start', data: expect.objectContaining({ userMessage: expect.objectContaining({ id: sent.userMessage.id }), cost: messageCost(QUESTION) }) });
    expect((events[0]!.data as StreamStart).balance).toBe(200 - 2 * messageCost(QUESTION));
    expect(events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text).join('')).toBe('*กระซิบ* อีกเรื่องหนึ่งนะ ทะเลตอนกลางคืน');
    expect(events.at(-1)).toEqual({ event: 'done', data: expect.objectContaining({ aiMessage: expect.objectContaining({ selected: 1, alternatives: [sent.aiMessage.content, '*กระซิบ* อีกเรื่องหนึ่งนะ ทะเลตอนกลางคืน'] }) }) });
  });

  test('a member who stops a streamed reply (the client leaves mid-reply) keeps what was written as the reply, paid; another answer can be asked for', async () => {
    const m = member();
    await wallet.credit(m.actor.id, 200);
    const room = await chatWith(chat, m.cookie);
    const full = '*เล่า* กาลครั้งหนึ่งนานมาแล้ว มีเด็กคนหนึ่งเดินเล่นริมทะเลทุกเย็น จนวันหนึ่งเขาได้พบกับเปลือกหอยที่ส่องแสง';
    llm.behave(() => ({ reply: full, chunkSize: 3, chunkDelayMs: 40 }));
    const url = new URL(`/api/messages`, `http://127.0.0.1:${(chat.server.address() as AddressInfo).port}`);
    const seen = await new Promise<string>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { Cookie: m.cookie, Accept: 'text/event-stream', 'Content-Type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // Two pieces of the reply arrived: the member taps stop (the client closes the stream).
          if (text.split('event: delta').length > 2) {
            req.destroy();
            resolve(text);
          }
        });
        res.on('error', () => undefined);
      });
      req.on('error', () => undefined);
      req.on('close', () => reject(new Error('the stream ended before two pieces')));
      req.end(JSON.stringify({ chatId: room.id, content: QUESTION }));
    });
    expect(seen).toContain('event: start');
    await waitUntil(async () => (await list(m.cookie, room.id)).length === 3, 15_000, 'the stopped reply to be kept');
    const kept = await list(m.cookie, room.id);
    const reply = kept.at(-1)!;
    expect(reply.isUser).toBe(false);
    expect(reply.content.length).toBeGreaterThan(0);
    expect(full.startsWith(reply.content)).toBe(true);
    expect(reply.content.length).toBeLessThan(full.length);
    // The coins paid for the member's message stay spent: one debit, no refund.
    expect(await debitsOf(m.actor.id)).toEqual([[`chat:${kept[1]!.id}`, messageCost(QUESTION)]]);
    expect(await refundsOf(m.actor.id)).toEqual([]);
    llm.behave(() => ({ reply: '*ยิ้ม* เล่าให้จบเลยนะ' }));
    const again = await regenerate(m.cookie, reply.id, 'regen-after-stop');
    expect(again.status).toBe(200);
    expect(again.body.aiMessage).toMatchObject({ alternatives: [reply.content, '*ยิ้ม* เล่าให้จบเลยนะ'], selected: 1 });
  });
});

describe('alternate greetings (Card V2)', () => {
  test('a new chat\'s greeting carries the card\'s alternate greetings, chosen for free; the chosen one is the chat\'s last line and the next prompt\'s history; it cannot be regenerated; the answers go with the chat', async () => {
    const m = member();
    await wallet.credit(m.actor.id, 100);
    const character = snapshot({ firstMessage: '*โบกมือ* สวัสดีค่ะ', alternateGreetings: ['*วิ่งเข้ามา* มาแล้วเหรอ!', '*อ่านหนังสืออยู่* อ้าว มาตั้งแต่เมื่อไหร่'] });
    const room = await chatWith(chat, m.cookie, character);
    const [greeting] = await list(m.cookie, room.id);
    expect(greeting).toMatchObject({ content: '*โบกมือ* สวัสดีค่ะ', alternatives: ['*โบกมือ* สวัสดีค่ะ', '*วิ่งเข้ามา* มาแล้วเหรอ!', '*อ่านหนังสืออยู่* อ้าว มาตั้งแต่เมื่อไหร่'], selected: 0 });

    const chosen = await select(m.cookie, greeting!.id, 2);
    expect(chosen.body).toMatchObject({ content: '*อ่านหนังสืออยู่* อ้าว มาตั้งแต่เมื่อไหร่', selected: 2 });
    expect((await list(m.cookie, room.id, '?limit=20'))[0]).toMatchObject({ content: '*อ่านหนังสืออยู่* อ้าว มาตั้งแต่เมื่อไหร่', selected: 2 });
    expect((await request(chat.server).get(`/api/chats/${room.id}`).set('Cookie', m.cookie)).body.lastMessage).toBe('*อ่านหนังสืออยู่* อ้าว มาตั้งแต่เมื่อไหร่');
    expect(await wallet.entries(m.actor.id)).toHaveLength(1);
    expect((await regenerate(m.cookie, greeting!.id, 'regen-greeting-1')).status).toBe(409);

    await request(chat.server).post('/api/messages').set('Cookie', m.cookie).send({ chatId: room.id, content: 'เพิ่งมาถึงเอง' }).expect(200);
    const prompt = llm.requests.at(-1)!.messages.map((x) => x.content).join('\n');
    expect(prompt).toContain('*อ่านหนังสืออยู่* อ้าว มาตั้งแต่เมื่อไหร่');
    expect(prompt).not.toContain('*วิ่งเข้ามา* มาแล้วเหรอ!');

    // The answers go with their chat.
    const answersOf = () => chat.connection.collection('message_alternatives').countDocuments({ chatId: room.id });
    expect(await answersOf()).toBe(3);
    await request(chat.server).delete(`/api/chats/${room.id}`).set('Cookie', m.cookie).expect(204);
    expect(await answersOf()).toBe(0);
  });

  test('a character without alternate greetings opens with a plain greeting (no answers to read)', async () => {
    const m = member();
    const room = await chatWith(chat, m.cookie, snapshot({ alternateGreetings: [] }));
    const [greeting] = await list(m.cookie, room.id);
    expect(greeting!.alternatives).toBeUndefined();
    expect(greeting!.selected).toBeUndefined();
  });
});

describe('the sweeper finishes a regenerate its handler left behind', () => {
  /** What a handler that died after recording a regenerate (and its claimed place) had written. */
  async function regenerateLeftBehind(key: string) {
    const { actor, cookie, room, sent } = await exchanged();
    const replyId = sent.aiMessage.id;
    const { stores } = chat.service;
    const [asked, reply] = await stores.chats.recentMessages(room.id, 2);
    const base = { messageId: replyId, chatId: room.id, userId: actor.id, page: reply!.page!, offline: false, at: new Date() };
    await stores.alternatives.claim({ ...base, _id: `${replyId}:0`, n: 0, content: reply!.content, ready: true });
    await stores.alternatives.claim({ ...base, _id: `${replyId}:1`, n: 1, content: '', ready: false });
    const createdAt = new Date(Date.now() - 120_000);
    const messageId = `${replyId}:alt1`;
    const cost = messageCost(QUESTION);
    await stores.sends.begin({
      _id: `${actor.id}:regenerate:${key}`, messageId, userId: actor.id, chatId: room.id, characterId: room.characterId, content: QUESTION, cost, persona: null,
      createdAt, expiresAt: new Date(createdAt.getTime() + 30_000), result: null,
      regenerate: { replyId, n: 1, userMessageId: asked!._id, userMessageAt: asked!.timestamp, replyAt: reply!.timestamp, earlier: [{ n: 0, content: reply!.content }] },
    });
    const debit = await chat.bus.request('wallet.debit', { opId: `chat:${messageId}`, userId: actor.id, amount: cost, description: 'ส่งข้อความ', deadline: Date.now() + 5_000 }, { messageId: `chat:${messageId}`, timeoutMs: 5_000 });
    expect(debit).toEqual({ status: 'debited', balance: 200 - 2 * cost });
    return { actor, cookie, room, sent, replyId, messageId, cost };
  }

  test('undecided: refunded once (refund:chat:<replyId>:alt1), nothing shown, and a repeat of its id answers the refusal', async () => {
    const { actor, cookie, room, replyId, cost } = await regenerateLeftBehind('left-behind-1');
    expect(await chat.service.sends.sweep()).toBeGreaterThanOrEqual(1);
    await waitUntil(async () => (await wallet.balance(actor.id)) === 200 - cost, 15_000, 'the refund');
    expect(await refundsOf(actor.id)).toEqual([[`refund:chat:${replyId}:alt1`, cost]]);
    expect((await list(cookie, room.id)).at(-1)!.alternatives).toBeUndefined();
    const repeat = await regenerate(cookie, replyId, 'left-behind-1');
    expect([repeat.status, repeat.body.code]).toEqual([503, 'AI_UNAVAILABLE']);
  });

  test('decided as delivered but not stored (a crash after the reply): the sweeper stores and selects the answer, no refund', async () => {
    const { actor, cookie, room, sent, replyId, messageId, cost } = await regenerateLeftBehind('left-behind-2');
    await chat.service.stores.sends.resolve({ _id: messageId, kind: 'delivered', reply: '*กระซิบ* คำตอบที่ค้างไว้', offline: false, balance: 200 - 2 * cost, at: new Date() });
    expect(await chat.service.sends.sweep()).toBeGreaterThanOrEqual(1);
    expect((await list(cookie, room.id)).at(-1)).toMatchObject({ id: replyId, content: '*กระซิบ* คำตอบที่ค้างไว้', alternatives: [sent.aiMessage.content, '*กระซิบ* คำตอบที่ค้างไว้'], selected: 1 });
    expect(await refundsOf(actor.id)).toEqual([]);
    expect(await wallet.balance(actor.id)).toBe(200 - 2 * cost);
  });
});
