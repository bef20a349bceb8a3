import request from 'supertest';
import { RATING_ERROR_CODES, RATING_MESSAGES, type EventPayload, type Message, type SendMessageResult } from '@lakorn/contracts';
import type { Bus } from '@lakorn/service-kit';
import { testBus, waitUntil } from '@lakorn/service-kit/testing';
import { chatWith, member, snapshot, startSendStack, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

// chat README "Ratings": POST /api/messages/{id}/rating on real FerretDB and RabbitMQ. A thumb
// belongs to the selected answer of a character's reply in the member's own chat; 0 clears it; a
// new answer starts unrated; the message list (whole and paged) carries it; every change and every
// new chat is announced through the outbox (chat.message.rated, chat.chat.started).

jest.setTimeout(120_000);

let stack: SendStack;
let chat: ChatUnderTest;
let wallet: WalletUnderTest;
let listener: Bus;
const rated: Array<EventPayload<'chat.message.rated'>> = [];
const started: Array<EventPayload<'chat.chat.started'>> = [];

beforeAll(async () => {
  stack = await startSendStack('chat_ratings');
  ({ chat, wallet } = stack);
  stack.llm.behave(() => ({ reply: `*ยิ้ม* คำตอบ ${Math.random().toString(36).slice(2, 8)}` }));
  // Catalog's side of the bus, as its stats consumer hears it.
  listener = testBus('catalog', { namespace: stack.namespace });
  await listener.consume({ queue: 'ratings-test', events: ['chat.message.rated', 'chat.chat.started'], handler: async (event) => {
    if (event.name === 'chat.message.rated') rated.push(event.payload as EventPayload<'chat.message.rated'>);
    else started.push(event.payload as EventPayload<'chat.chat.started'>);
  } });
});

afterAll(async () => {
  await listener?.close();
  await stack?.close();
});

const rate = (cookie: string, id: string, value: unknown) => request(chat.server).post(`/api/messages/${id}/rating`).set('Cookie', cookie).send({ value });
const list = async (cookie: string, chatId: string, query = '') => (await request(chat.server).get(`/api/messages/chat/${chatId}${query}`).set('Cookie', cookie).expect(200)).body as Message[];

async function exchanged() {
  const m = member();
  await wallet.credit(m.actor.id, 500);
  const character = snapshot();
  const room = await chatWith(chat, m.cookie, character);
  const sent = (await request(chat.server).post('/api/messages').set('Cookie', m.cookie).send({ chatId: room.id, content: 'สวัสดีจ้า' }).expect(200)).body as SendMessageResult;
  return { ...m, room, character, sent };
}

test('a member rates a character reply in their own chat: up, down, 0 clears; the list (whole and paged) carries it and each change is announced with the value before', async () => {
  const { actor, cookie, room, sent, character } = await exchanged();
  const replyId = sent.aiMessage.id;
  expect((await rate(cookie, replyId, 1).expect(200)).body).toEqual({ value: 1 });
  for (const query of ['', '?limit=10']) expect((await list(cookie, room.id, query)).find((m) => m.id === replyId)?.rating).toBe(1);
  expect((await rate(cookie, replyId, -1).expect(200)).body).toEqual({ value: -1 });
  expect((await list(cookie, room.id)).find((m) => m.id === replyId)?.rating).toBe(-1);
  // The same thumb again changes nothing and is not announced twice.
  await rate(cookie, replyId, -1).expect(200);
  expect((await rate(cookie, replyId, 0).expect(200)).body).toEqual({ value: 0 });
  for (const query of ['', '?limit=10']) expect((await list(cookie, room.id, query)).find((m) => m.id === replyId)).not.toHaveProperty('rating');
  await waitUntil(() => rated.filter((e) => e.messageId === replyId).length >= 3);
  const mine = rated.filter((e) => e.messageId === replyId).sort((a, b) => a.at.localeCompare(b.at));
  expect(mine.map((e) => [e.value, e.previous])).toEqual([[1, 0], [-1, 1], [0, -1]]);
  expect(mine[0]).toMatchObject({ characterId: character.id, userId: actor.id, alternative: 0 });
});

test('only a character reply in one\'s own chat: the member\'s own message is 400 NOT_RATEABLE, someone else\'s reply and an unknown id are 404, a value other than 1, -1, 0 is 400', async () => {
  const { cookie, sent } = await exchanged();
  const own = await rate(cookie, sent.userMessage.id, 1);
  expect([own.status, own.body.code, own.body.message]).toEqual([400, RATING_ERROR_CODES.notRateable, RATING_MESSAGES.notRateable]);
  const stranger = member();
  expect((await rate(stranger.cookie, sent.aiMessage.id, 1)).status).toBe(404);
  expect((await rate(cookie, 'no-such-message', 1)).status).toBe(404);
  for (const value of [2, '1', null, 0.5]) expect((await rate(cookie, sent.aiMessage.id, value)).status).toBe(400);
  expect((await list(cookie, sent.aiMessage.chatId)).find((m) => m.id === sent.aiMessage.id)).not.toHaveProperty('rating');
});

test('a rating belongs to the selected answer: a new answer starts unrated, selecting back shows the first one\'s thumb, each answer keeps its own', async () => {
  const { cookie, room, sent } = await exchanged();
  const replyId = sent.aiMessage.id;
  await rate(cookie, replyId, 1).expect(200);
  const second = (await request(chat.server).post(`/api/messages/${replyId}/regenerate`).set('Cookie', cookie).send({ clientMessageId: 'rate-regen-1' }).expect(200)).body as SendMessageResult;
  expect(second.aiMessage).toMatchObject({ id: replyId, selected: 1 });
  expect(second.aiMessage).not.toHaveProperty('rating');
  expect((await list(cookie, room.id)).find((m) => m.id === replyId)).not.toHaveProperty('rating');
  await rate(cookie, replyId, -1).expect(200);
  const back = await request(chat.server).put(`/api/messages/${replyId}/selected`).set('Cookie', cookie).send({ index: 0 }).expect(200);
  expect(back.body).toMatchObject({ selected: 0, rating: 1 });
  for (const query of ['', '?limit=10']) expect((await list(cookie, room.id, query)).find((m) => m.id === replyId)).toMatchObject({ selected: 0, rating: 1 });
  const again = await request(chat.server).put(`/api/messages/${replyId}/selected`).set('Cookie', cookie).send({ index: 1 }).expect(200);
  expect(again.body).toMatchObject({ selected: 1, rating: -1 });
  await waitUntil(() => rated.some((e) => e.messageId === replyId && e.alternative === 1));
  expect(rated.filter((e) => e.messageId === replyId).map((e) => [e.alternative, e.value])).toEqual(expect.arrayContaining([[0, 1], [1, -1]]));
});

test('a new chat is announced once as chat.chat.started with its character and member', async () => {
  const m = member();
  const character = snapshot();
  const room = await chatWith(chat, m.cookie, character);
  await waitUntil(() => started.some((e) => e.chatId === room.id));
  expect(started.filter((e) => e.chatId === room.id)).toEqual([{ chatId: room.id, characterId: character.id, userId: m.actor.id, at: room.createdAt }]);
});

test('a chat\'s ratings go with it', async () => {
  const { cookie, room, sent } = await exchanged();
  await rate(cookie, sent.aiMessage.id, 1).expect(200);
  await request(chat.server).delete(`/api/chats/${room.id}`).set('Cookie', cookie).expect((res) => expect(res.status).toBeLessThan(300));
  expect(await chat.service.models.ratings.countDocuments({ chatId: room.id })).toBe(0);
});
