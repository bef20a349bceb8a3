import request from 'supertest';
import { AI_UNAVAILABLE_MESSAGE, CHAT_ERROR_CODES, ERROR_CODES, LIMITS, messageCost, NOT_ENOUGH_COINS_MESSAGE, PERSONA_LIMIT_MESSAGE, type SendMessageResult } from '@lakorn/contracts';
import type { FakeOpenAI } from './support/fakeOpenAI';
import { chatWith, member, parseEvents, snapshot, startSendStack, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

// Every refusal chat answers, byte for byte: status, `message` (the spec's text), `code` and, for
// the 402 of spec §4 "Message send", the balance and the cost. A streamed send that fails after the
// debit ends in an `error` event with the same text, code and status (ARCHITECTURE §7).

jest.setTimeout(60_000);

let stack: SendStack;
let llm: FakeOpenAI;
let chat: ChatUnderTest;
let wallet: WalletUnderTest;

beforeAll(async () => {
  stack = await startSendStack('chat_errors');
  ({ llm, chat, wallet } = stack);
});

afterAll(() => stack?.close());

beforeEach(() => llm.behave(() => ({ reply: '*ยิ้ม* ค่ะ' })));

/** The answer's exact bytes. */
const bodyOf = (fields: Record<string, unknown>) => JSON.stringify(fields);

const as = (cookie: string) => ({
  get: (path: string) => request(chat.server).get(path).set('Cookie', cookie),
  post: (path: string, body: object) => request(chat.server).post(path).set('Cookie', cookie).send(body),
  put: (path: string, body: object) => request(chat.server).put(path).set('Cookie', cookie).send(body),
});

const persona = { name: 'มะลิ', appearance: 'ผมสั้น', personality: 'ร่าเริง', background: 'นักศึกษา' };

test("another member's chat, or none, is 404 Chat not found", async () => {
  const owner = member();
  const room = await chatWith(chat, owner.cookie);
  for (const id of [room.id, 'nochat']) {
    const res = await as(member().cookie).get(`/api/chats/${id}`);
    expect([res.status, res.text]).toEqual([404, bodyOf({ message: 'Chat not found', code: ERROR_CODES.notFound })]);
  }
});

test('a deleted character cannot be chatted with: 404 Character not found', async () => {
  const character = snapshot();
  await chat.service.characters.applyUpdated(character, 1);
  await chat.service.characters.applyDeleted(character.id);
  const res = await as(member().cookie).post('/api/chats', { characterId: character.id, newChat: true });
  expect([res.status, res.text]).toEqual([404, bodyOf({ message: 'Character not found', code: ERROR_CODES.notFound })]);
});

test('a character the catalog cannot be asked about is 503 with the reason', async () => {
  // The harness's catalog URL answers nothing.
  const res = await as(member().cookie).post('/api/chats', { characterId: snapshot().id, newChat: true });
  expect([res.status, res.text]).toEqual([503, bodyOf({ message: 'The character catalog is unreachable', code: ERROR_CODES.unavailable })]);
});

test("another member's persona is 404 to edit and 400 to speak as", async () => {
  const owner = member();
  const created = await as(owner.cookie).post('/api/personas', persona);
  expect(created.status).toBe(201);
  const other = member();
  const edit = await as(other.cookie).put(`/api/personas/${created.body.id as string}`, persona);
  expect([edit.status, edit.text]).toEqual([404, bodyOf({ message: 'Persona not found', code: ERROR_CODES.notFound })]);

  const room = await chatWith(chat, other.cookie);
  const choose = await as(other.cookie).post(`/api/chats/${room.id}/persona`, { personaId: created.body.id });
  expect([choose.status, choose.text]).toEqual([400, bodyOf({ message: 'Persona not found', code: ERROR_CODES.validation })]);
  const send = await as(other.cookie).post('/api/messages', { chatId: room.id, content: 'สวัสดี', personaId: created.body.id });
  expect([send.status, send.text]).toEqual([400, bodyOf({ message: 'Persona not found', code: ERROR_CODES.validation })]);
});

test('spec §5: one persona more than the limit is 409 PERSONA_LIMIT', async () => {
  const m = member();
  for (let i = 0; i < LIMITS.personasPerUser; i++) expect((await as(m.cookie).post('/api/personas', persona)).status).toBe(201);
  const res = await as(m.cookie).post('/api/personas', persona);
  expect([res.status, res.text]).toEqual([409, bodyOf({ message: PERSONA_LIMIT_MESSAGE, code: CHAT_ERROR_CODES.personaLimit })]);
});

test('a page cursor the service did not give is 400', async () => {
  const m = member();
  const room = await chatWith(chat, m.cookie);
  const res = await as(m.cookie).get(`/api/messages/chat/${room.id}?before=not-a-cursor`);
  expect([res.status, res.text]).toEqual([400, bodyOf({ message: 'before: Invalid cursor', code: ERROR_CODES.validation })]);
});

describe('POST /api/messages refusals, and their replays to the same client message id', () => {
  test('too few coins: 402 with the balance, the cost and nothing refunded, the same bytes again for a repeat and by client id', async () => {
    const m = member();
    await wallet.credit(m.actor.id, 2);
    const room = await chatWith(chat, m.cookie);
    const content = 'ข้อความที่ยาวเกินเหรียญที่มี';
    const expected = bodyOf({ message: NOT_ENOUGH_COINS_MESSAGE, code: ERROR_CODES.notEnoughCoins, balance: 2, cost: messageCost(content), refunded: 0 });
    for (let i = 0; i < 2; i++) {
      const res = await as(m.cookie).post('/api/messages', { chatId: room.id, content, clientMessageId: 'poor-0001' });
      expect([res.status, res.text]).toEqual([402, expected]);
    }
    const asked = await as(m.cookie).get('/api/messages/by-client-id/poor-0001');
    expect([asked.status, asked.text]).toEqual([402, expected]);
  });

  test('no reply: 503 AI_UNAVAILABLE with the coins given back, the same for a repeat and by client id; a streamed send ends in the same error event', async () => {
    const m = member();
    await wallet.credit(m.actor.id, 100);
    const room = await chatWith(chat, m.cookie);
    llm.behave(() => ({ status: 500, message: 'model down' }));
    const expected = bodyOf({ message: AI_UNAVAILABLE_MESSAGE, code: CHAT_ERROR_CODES.aiUnavailable, refunded: messageCost('สวัสดี') });
    for (let i = 0; i < 2; i++) {
      const res = await as(m.cookie).post('/api/messages', { chatId: room.id, content: 'สวัสดี', clientMessageId: 'down-0001' });
      expect([res.status, res.text]).toEqual([503, expected]);
    }
    const asked = await as(m.cookie).get('/api/messages/by-client-id/down-0001');
    expect([asked.status, asked.text]).toEqual([503, expected]);

    const streamed = await as(m.cookie).post('/api/messages', { chatId: room.id, content: 'สวัสดีอีกที' })
      .set('Accept', 'text/event-stream')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
    const last = (streamed.body as string).trimEnd().split('\n\n').at(-1);
    expect(last).toBe(`event: error\ndata: ${bodyOf({ message: AI_UNAVAILABLE_MESSAGE, status: 503, code: CHAT_ERROR_CODES.aiUnavailable, refunded: messageCost('สวัสดีอีกที') })}`);
    expect(parseEvents(streamed.body as string)[0]!.event).toBe('start');
  });

  test('a client message id used for another message is 409', async () => {
    const m = member();
    await wallet.credit(m.actor.id, 100);
    const room = await chatWith(chat, m.cookie);
    expect((await as(m.cookie).post('/api/messages', { chatId: room.id, content: 'หนึ่ง', clientMessageId: 'twice-0001' })).status).toBe(200);
    const res = await as(m.cookie).post('/api/messages', { chatId: room.id, content: 'สอง', clientMessageId: 'twice-0001' });
    expect([res.status, res.text]).toEqual([409, bodyOf({ message: 'clientMessageId was already used for another message' })]);
  });

  test('a send recorded with its HTTP answer (before outcomes had names) is still replayed as it was', async () => {
    const m = member();
    const room = await chatWith(chat, m.cookie);
    const sends = chat.connection.collection('sends');
    const recorded = (key: string, content: string, result: { status: number; body: unknown }) => ({
      _id: `${m.actor.id}:${key}` as never, messageId: key, userId: m.actor.id, chatId: room.id, characterId: room.characterId,
      content, cost: messageCost(content), persona: null, createdAt: new Date(), expiresAt: new Date(Date.now() + 60_000), result,
    });
    const poor = { message: NOT_ENOUGH_COINS_MESSAGE, code: ERROR_CODES.notEnoughCoins, balance: 1, cost: 4 };
    const down = { message: AI_UNAVAILABLE_MESSAGE, code: CHAT_ERROR_CODES.aiUnavailable };
    const delivered = (await as(m.cookie).get(`/api/messages/chat/${room.id}`)).body[0];
    const answer: SendMessageResult = { userMessage: delivered, aiMessage: delivered, cost: 4, balance: 9 };
    await sends.insertMany([
      recorded('legacy-402', 'หนึ่ง', { status: 402, body: poor }),
      recorded('legacy-503', 'สอง', { status: 503, body: down }),
      recorded('legacy-200', 'สาม', { status: 200, body: answer }),
    ]);
    const replay = (key: string, content: string) => as(m.cookie).post('/api/messages', { chatId: room.id, content, clientMessageId: key });
    const [r402, r503, r200] = await Promise.all([replay('legacy-402', 'หนึ่ง'), replay('legacy-503', 'สอง'), replay('legacy-200', 'สาม')]);
    expect([r402.status, r402.text]).toEqual([402, bodyOf({ ...poor, refunded: 0 })]);
    expect([r503.status, r503.text]).toEqual([503, bodyOf({ ...down, refunded: messageCost('สอง') })]);
    expect([r200.status, r200.text]).toEqual([200, bodyOf(answer)]);
  });
});
