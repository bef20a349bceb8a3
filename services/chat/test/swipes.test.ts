import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ALTERNATIVES_MAX, messageCost, SWIPE_MESSAGES, type Message, type SendMessageResult, type StreamStart } from '@lakorn/contracts';
import { waitUntil } from '@lakorn/service-kit/testing';
import type { FakeOpenAI } from './support/fakeOpenAI';
import { chatWith, member, parseEvents, startSendStack, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

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
  stack = await startSendStack('chat_swipes', { replyTimeoutMs: 3_000 });
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
