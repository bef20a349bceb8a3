import request from 'supertest';
import { metricValue, parseMetrics, type MetricSample } from '@lakorn/service-kit/testing';
import { chatWith, member, startSendStack, type SendStack } from './support/harness';

// Metrics of a send (service-kit README "Metrics"): the chat counts each send once by its decided
// outcome, and its /metrics serves that with the requests of the messages route.

jest.setTimeout(30_000);

let stack: SendStack;
beforeAll(async () => {
  stack = await startSendStack('chat_metrics', { replyTimeoutMs: 1_500 });
});
afterAll(async () => {
  await stack.close();
});

async function scrape(): Promise<MetricSample[]> {
  const res = await request(stack.chat.server).get('/metrics');
  expect(res.status).toBe(200);
  return parseMetrics(res.text);
}

async function fundedRoom(coins: number) {
  const { actor, cookie } = member();
  await stack.wallet.credit(actor.id, coins);
  return { actor, cookie, room: await chatWith(stack.chat, cookie) };
}

const sends = (samples: MetricSample[], outcome: string) => metricValue(samples, 'lakorn_chat_sends_total', { outcome });
const messagesRoute = { method: 'POST', route: '/api/messages' };

test('a delivered send counts one delivered send and one request of the messages route (its pattern), with the debit round trip timed', async () => {
  stack.llm.behave(() => ({ reply: '*ยิ้ม* สวัสดีค่ะ' }));
  const before = await scrape();
  const { cookie, room } = await fundedRoom(50);
  const res = await request(stack.chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'สวัสดี' });
  expect(res.status).toBe(200);

  const after = await scrape();
  expect(sends(after, 'delivered') - sends(before, 'delivered')).toBe(1);
  expect(sends(after, 'refunded')).toBe(sends(before, 'refunded'));
  const count = 'lakorn_http_request_duration_seconds_count';
  expect(metricValue(after, count, { ...messagesRoute, status: '200' }) - metricValue(before, count, { ...messagesRoute, status: '200' })).toBe(1);
  const debits = 'lakorn_bus_request_duration_seconds_count';
  const replied = { event: 'wallet.debit', outcome: 'replied' };
  expect(metricValue(after, debits, replied) - metricValue(before, debits, replied)).toBe(1);
  // A chat's history is counted under its route pattern, never under the chat's id.
  await request(stack.chat.server).get(`/api/messages/chat/${room.id}`).set('Cookie', cookie).expect(200);
  const listed = await scrape();
  expect(metricValue(listed, count, { method: 'GET', route: '/api/messages/chat/:chatId', status: '200' })).toBeGreaterThanOrEqual(1);
  expect(listed.some((s) => Object.values(s.labels).includes(room.id) || Object.values(s.labels).some((v) => v.includes(room.id)))).toBe(false);
});

test('a send the model fails counts one refunded send and no delivered one', async () => {
  stack.llm.behave(() => ({ status: 500, message: 'model down' }));
  const before = await scrape();
  const { cookie, room } = await fundedRoom(50);
  const res = await request(stack.chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'ฮัลโหล' });
  expect(res.status).toBe(503);

  const after = await scrape();
  expect(sends(after, 'refunded') - sends(before, 'refunded')).toBe(1);
  expect(sends(after, 'delivered')).toBe(sends(before, 'delivered'));
  const count = 'lakorn_http_request_duration_seconds_count';
  expect(metricValue(after, count, { ...messagesRoute, status: '503' }) - metricValue(before, count, { ...messagesRoute, status: '503' })).toBe(1);
});
