import request from 'supertest';
import type { EventPayload } from '@lakorn/contracts';
import { silentLogger } from '@lakorn/service-kit';
import { testBus, waitUntil } from '@lakorn/service-kit/testing';
import type { Bus } from '@lakorn/service-kit';
import { chatWith, member, startSendStack, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

// chat.message.sent (contracts events.ts): chat emits it through its outbox once per delivered
// member's message, the event discover's popular order is counted from. Another answer
// (regenerate) is no new message, and a send that took no coins or was refunded sent nothing.

jest.setTimeout(120_000);

let stack: SendStack;
let chat: ChatUnderTest;
let wallet: WalletUnderTest;
let listener: Bus;
const seen: Array<{ messageId: string; payload: EventPayload<'chat.message.sent'> }> = [];

beforeAll(async () => {
  stack = await startSendStack('chat_message_sent');
  ({ chat, wallet } = stack);
  // A consumer as catalog's would be: its own queue on the same namespace.
  listener = testBus('catalog-listener', { namespace: stack.namespace, logger: silentLogger() });
  await listener.consume({
    queue: 'message-sent-test',
    events: ['chat.message.sent'],
    handler: async (event) => void seen.push({ messageId: event.messageId, payload: event.payload }),
  });
});

afterAll(async () => {
  await listener?.close();
  await stack?.close();
});

const sentFor = (userId: string) => seen.filter((e) => e.payload.userId === userId);

test('a delivered send emits chat.message.sent once, with the member’s message id, chat, character, member and time', async () => {
  const { actor, cookie } = member();
  await wallet.credit(actor.id, 100);
  const room = await chatWith(chat, cookie);
  const res = await request(chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'สวัสดี', clientMessageId: 'sent-once-1' });
  expect(res.status).toBe(200);
  // The same client message id again is the same message: no second event.
  await request(chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'สวัสดี', clientMessageId: 'sent-once-1' }).expect(200);
  await waitUntil(() => sentFor(actor.id).length > 0, 10_000, 'chat.message.sent');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const events = sentFor(actor.id);
  expect(events).toHaveLength(1);
  const userMessage = res.body.userMessage as { id: string; timestamp: string };
  expect(events[0]).toEqual({
    messageId: `chat.message.sent:${userMessage.id}`,
    payload: { messageId: userMessage.id, chatId: room.id, characterId: room.characterId, userId: actor.id, at: expect.any(String) },
  });
  expect(Math.abs(Date.parse(events[0]!.payload.at) - Date.parse(userMessage.timestamp))).toBeLessThan(1_000);
});

test('another answer (regenerate) emits nothing; a send refused for coins emits nothing', async () => {
  const { actor, cookie } = member();
  await wallet.credit(actor.id, 100);
  const room = await chatWith(chat, cookie);
  const sent = await request(chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'เล่าเรื่องให้ฟังหน่อย' }).expect(200);
  await waitUntil(() => sentFor(actor.id).length === 1, 10_000, 'the first send’s event');
  await request(chat.server).post(`/api/messages/${sent.body.aiMessage.id as string}/regenerate`).set('Cookie', cookie).send({ clientMessageId: 'regen-sent-1' }).expect(200);

  const poor = member();
  const poorRoom = await chatWith(chat, poor.cookie);
  const refused = await request(chat.server).post('/api/messages').set('Cookie', poor.cookie).send({ chatId: poorRoom.id, content: 'สวัสดี' });
  expect(refused.status).toBe(402);

  await chat.outbox.flush();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(sentFor(actor.id)).toHaveLength(1);
  expect(sentFor(poor.actor.id)).toHaveLength(0);
});
