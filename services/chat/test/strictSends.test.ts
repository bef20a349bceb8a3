import request from 'supertest';
import { ERROR_CODES } from '@lakorn/contracts';
import type { FakeOpenAI } from './support/fakeOpenAI';
import { chatWith, member, startSendStack, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

// Strict bodies (bench/README.md "fuzz"): a send's known field of the wrong type or shape is a
// 400 VALIDATION before any coin moves, on real FerretDB and RabbitMQ with the real wallet.

jest.setTimeout(120_000);

let stack: SendStack;
let llm: FakeOpenAI;
let chat: ChatUnderTest;
let wallet: WalletUnderTest;

beforeAll(async () => {
  stack = await startSendStack('chat_strict_sends');
  ({ llm, chat, wallet } = stack);
  llm.behave(() => ({ reply: 'ค่ะ' }));
});

afterAll(async () => {
  await stack?.close();
});

describe('a send whose personaContext is not a persona (name, personality, background, appearance)', () => {
  test.each([
    ['a number', 5, false],
    ['an empty array', [], false],
    ['a string', 'จันทร์', false],
    ['a persona whose name is a number', { name: 5, personality: 'ใจดี', background: 'ครู', appearance: 'ผมยาว' }, false],
    ['a number, asking for a stream', 5, true],
  ])('is refused 400 VALIDATION for %s, and no coin moves and no message is kept', async (_what, personaContext, stream) => {
    const { actor, cookie } = member();
    await wallet.credit(actor.id, 50);
    const room = await chatWith(chat, cookie);
    const entriesBefore = (await wallet.entries(actor.id)).length;
    const models = llm.requests.length;

    const send = request(chat.server).post('/api/messages').set('Cookie', cookie);
    if (stream) send.set('Accept', 'text/event-stream');
    const res = await send.send({ chatId: room.id, content: 'สวัสดี', isUser: true, userId: actor.id, clientMessageId: `strict-${actor.id}`, personaContext });

    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({ message: expect.stringMatching(/^personaContext/), code: ERROR_CODES.validation });
    expect(await wallet.balance(actor.id)).toBe(50);
    expect(await wallet.entries(actor.id)).toHaveLength(entriesBefore);
    expect(llm.requests).toHaveLength(models);
    const messages = await request(chat.server).get(`/api/messages/chat/${room.id}`).set('Cookie', cookie);
    expect(messages.body).toHaveLength(1); // the greeting only
  });

  test('a send with a persona-shaped personaContext (or null) goes through and is charged its usual price', async () => {
    const { actor, cookie } = member();
    await wallet.credit(actor.id, 50);
    const room = await chatWith(chat, cookie);
    const persona = { name: 'จันทร์', personality: 'ใจดี', background: 'ครู', appearance: 'ผมยาว' };
    for (const [i, personaContext] of [persona, null].entries()) {
      const res = await request(chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'สวัสดี', userId: actor.id, personaContext, clientMessageId: `strict-ok-${i}-${actor.id}` });
      expect(res.status).toBe(200);
    }
    expect(await wallet.balance(actor.id)).toBe(50 - 2 * 6);
  });
});
