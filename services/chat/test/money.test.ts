import request from 'supertest';
import { messageCost, type SendMessageResult } from '@lakorn/contracts';
import { brokerProxy, waitUntil, type BrokerProxy, TEST_AMQP_URL } from '@lakorn/service-kit/testing';
import { debitOpId } from '../src/domain/coins';
import type { FakeOpenAI } from './support/fakeOpenAI';
import { chatWith, member, startSendStack, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

// Money under load, on real FerretDB and RabbitMQ, with a fake
// OpenAI-compatible server behind the real `openai` SDK and the real wallet (its composition root
// and bus consumers, in this process, on its own database and the same bus namespace). Both buses
// go through a broker proxy so the last test can cut RabbitMQ for them without touching the
// shared broker other engineers use.

jest.setTimeout(240_000);

const TEXT = 'สวัสดีจ้า'; // 9 code points: 9 coins
const COST = messageCost(TEXT);

let stack: SendStack;
let llm: FakeOpenAI;
let proxy: BrokerProxy;
let chat: ChatUnderTest;
let wallet: WalletUnderTest;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  proxy = await brokerProxy(TEST_AMQP_URL);
  // The debit deadline is a tuning knob, not the rule under test: 50 debits racing on one wallet
  // take 6 s on a quiet 2-core machine and ~17 s beside another test file, so the deadline is
  // generous enough that every outcome here is decided by the coins, never by the clock.
  stack = await startSendStack('chat_money', { amqpUrl: proxy.url, debitTimeoutMs: 30_000, replyTimeoutMs: 8_000 });
  ({ llm, chat, wallet } = stack);
});

afterAll(async () => {
  await stack?.close();
  await proxy?.close();
  // The figures of this run, for the report and bench/README.
  console.info(`chat money figures: ${JSON.stringify(figures)}`);
});

interface Outcome {
  status: number;
  body: SendMessageResult & { message?: string; code?: string };
}

function send(cookie: string, chatId: string, content = TEXT, clientMessageId?: string): Promise<Outcome> {
  return request(chat.server)
    .post('/api/messages')
    .set('Cookie', cookie)
    .send({ chatId, content, isUser: true, ...(clientMessageId ? { clientMessageId } : {}) })
    .then((res) => ({ status: res.status, body: res.body as Outcome['body'] }));
}

/** The ledger's own invariants for one member (ARCHITECTURE §3). */
async function checkLedger(userId: string) {
  const entries = await wallet.entries(userId);
  let balance = 0;
  for (const entry of entries) {
    expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
    balance += entry.amount;
    expect(entry.balanceAfter).toBe(balance);
  }
  const chatDebits = entries.filter((e) => e.kind === 'debit' && e.opId.startsWith('chat:'));
  const refunds = entries.filter((e) => e.kind === 'refund');
  return { entries, chatDebits, refunds, balance };
}

async function aiRepliesIn(chatId: string): Promise<number> {
  const messages = await chat.service.stores.chats.messagesOfChat(chatId);
  // Every user message has its reply right after it; the chat's first message has no user message.
  const users = messages.filter((m) => m.isUser);
  for (const m of users) expect(messages.some((r) => r._id === `${m._id}-r`)).toBe(true);
  return users.length;
}

test('50 sends at once with coins for 10: exactly 10 are answered, the balance never goes below 0, and the debits equal the replies', async () => {
  llm.behave(() => ({ reply: '*ยิ้มกว้าง* ดีใจที่ได้คุยด้วยนะคะ' }));
  const { actor, cookie } = member();
  await wallet.credit(actor.id, 10 * COST);
  const room = await chatWith(chat, cookie);

  const started = Date.now();
  const outcomes = await Promise.all(Array.from({ length: 50 }, () => send(cookie, room.id)));
  figures.fiftySendsMs = Date.now() - started;

  const answered = outcomes.filter((o) => o.status === 200);
  const refused = outcomes.filter((o) => o.status === 402);
  expect(outcomes.filter((o) => o.status !== 200 && o.status !== 402)).toEqual([]);
  expect(answered).toHaveLength(10);
  expect(refused).toHaveLength(40);
  for (const o of refused) {
    expect(o.body.message).toContain('Not enough coins');
    expect(o.body.code).toBe('NOT_ENOUGH_COINS');
  }
  for (const o of answered) {
    expect(o.body.cost).toBe(COST);
    expect(o.body.aiMessage.content).toBe('*ยิ้มกว้าง* ดีใจที่ได้คุยด้วยนะคะ');
    expect(o.body.balance).toBeGreaterThanOrEqual(0);
  }

  const ledger = await checkLedger(actor.id);
  expect(ledger.balance).toBe(0);
  expect(ledger.chatDebits).toHaveLength(10);
  expect(ledger.refunds).toHaveLength(0);
  // The debits are exactly the delivered replies' messages.
  const delivered = answered.map((o) => debitOpId(o.body.userMessage.id)).sort();
  expect(ledger.chatDebits.map((e) => e.opId).sort()).toEqual(delivered);
  expect(await aiRepliesIn(room.id)).toBe(10);
  // The model was called only for paid messages.
  figures.fiftySendsModelCalls = llm.requests.length;
});

test('with the model failing 30% of the time, every failed send is refunded and keeps no message', async () => {
  // Deterministic 30%: requests 0, 3, 6 of every ten fail (HTTP 500, no SDK retry).
  const failing = (n: number) => [0, 3, 6].includes(n % 10);
  const base = llm.requests.length;
  llm.behave((_request, n) => (failing(n - base) ? { status: 500, message: 'model overloaded' } : { reply: '*พยักหน้า* เข้าใจแล้วค่ะ' }));
  const { actor, cookie } = member();
  const start = 1000;
  await wallet.credit(actor.id, start);
  const room = await chatWith(chat, cookie);

  const outcomes = await Promise.all(Array.from({ length: 30 }, () => send(cookie, room.id)));
  const delivered = outcomes.filter((o) => o.status === 200);
  const failed = outcomes.filter((o) => o.status !== 200);
  expect(failed).toHaveLength(9);
  for (const o of failed) {
    expect(o.status).toBe(503);
    expect(o.body.code).toBe('AI_UNAVAILABLE');
  }

  // Refunds travel through the outbox and the bus: wait for all of them.
  await waitUntil(async () => (await wallet.balance(actor.id)) === start - COST * delivered.length, 30_000, 'every refund');
  const ledger = await checkLedger(actor.id);
  expect(ledger.chatDebits).toHaveLength(30);
  expect(ledger.refunds).toHaveLength(9);
  // Each refund undoes a debit whose message was not delivered, and no delivered one.
  const deliveredOps = new Set(delivered.map((o) => debitOpId(o.body.userMessage.id)));
  for (const refund of ledger.refunds) expect(deliveredOps.has(refund.ref)).toBe(false);
  expect(new Set(ledger.refunds.map((r) => r.ref)).size).toBe(9);
  expect(await aiRepliesIn(room.id)).toBe(21);
  figures.failingModel = { sends: 30, delivered: delivered.length, refunded: ledger.refunds.length };
});

test('with RabbitMQ cut and restored during the sends, the balance settles at the start minus the delivered replies', async () => {
  llm.behave(() => ({ reply: '*หัวเราะเบา ๆ* ฉันยังอยู่ตรงนี้นะ', chunkDelayMs: 0 }));
  const { actor, cookie } = member();
  const start = 2000;
  await wallet.credit(actor.id, start);
  const room = await chatWith(chat, cookie);

  const outcomes: Array<Promise<Outcome>> = [];
  let finished = 0;
  const fire = (n: number) => {
    for (let i = 0; i < n; i++) outcomes.push(send(cookie, room.id).finally(() => (finished += 1)));
  };
  // Cut while sends are in flight: some answered, some between debit and reply, some not yet sent.
  fire(12);
  await waitUntil(() => finished >= 3, 30_000, 'the first answers');
  proxy.cut(); // both the chat's and the wallet's connections drop; new ones are refused
  fire(8);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  fire(5);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  proxy.restore();
  fire(5); // while the buses are still reconnecting
  await waitUntil(() => chat.bus.isConnected() && wallet.bus.isConnected(), 30_000, 'the buses to reconnect');
  fire(10);

  const settled = await Promise.all(outcomes);
  const delivered = settled.filter((o) => o.status === 200);
  const failed = settled.filter((o) => o.status !== 200);
  for (const o of failed) expect(o.status).toBe(503);
  // Some sends must have failed (the broker was away) and some delivered (before and after).
  expect(failed.length).toBeGreaterThan(0);
  expect(delivered.length).toBeGreaterThan(0);

  // Once the buses are back and the outboxes drained: start minus exactly the delivered replies.
  await waitUntil(async () => (await wallet.balance(actor.id)) === start - COST * delivered.length, 60_000, 'the balance to settle');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const ledger = await checkLedger(actor.id);
  expect(ledger.balance).toBe(start - COST * delivered.length);
  const deliveredOps = new Set(delivered.map((o) => debitOpId(o.body.userMessage.id)));
  const kept = ledger.chatDebits.filter((d) => !ledger.refunds.some((r) => r.ref === d.opId));
  expect(kept.map((d) => d.opId).sort()).toEqual([...deliveredOps].sort());
  expect(await aiRepliesIn(room.id)).toBe(delivered.length);
  figures.brokerCut = { sends: settled.length, delivered: delivered.length, failed: failed.length, debits: ledger.chatDebits.length, refunds: ledger.refunds.length };
});
