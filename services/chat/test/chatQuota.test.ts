import request from 'supertest';
import { ABUSE_MESSAGES, ERROR_CODES, QUOTAS } from '@lakorn/contracts';
import { quotaDay, type QuotaSlotDoc } from '@lakorn/service-kit';
import { testNamespace } from '@lakorn/service-kit/testing';
import { chatWith, member, snapshot, startChat, type ChatUnderTest } from './support/harness';

// contracts QUOTAS.chatsPerDay: new chats a member opens per Bangkok day, held by slot documents
// under a unique _id (ARCHITECTURE §2), so parallel opens at the limit admit exactly the allowance.

jest.setTimeout(60_000);

const namespace = testNamespace();
let small: ChatUnderTest;
let real: ChatUnderTest;

beforeAll(async () => {
  small = await startChat({ label: 'chat_quota_small', namespace, chatsPerDay: 3 });
  real = await startChat({ label: 'chat_quota_real', namespace: testNamespace() });
});

afterAll(async () => {
  await small.close();
  await real.close();
});

const open = (chat: ChatUnderTest, cookie: string, characterId: string, newChat = true) =>
  request(chat.server).post('/api/chats').set('Cookie', cookie).send({ characterId, newChat });

test('parallel new chats at the limit admit exactly the day’s allowance; the rest are 429 QUOTA in Thai', async () => {
  const { cookie } = member();
  const character = snapshot();
  await chatWith(small, cookie, character);
  const results = await Promise.all(Array.from({ length: 6 }, () => open(small, cookie, character.id)));
  expect(results.filter((r) => r.status === 201)).toHaveLength(2);
  const refused = results.filter((r) => r.status === 429);
  expect(refused).toHaveLength(4);
  expect(refused[0]!.body).toEqual({ message: ABUSE_MESSAGES.chatQuota, code: ERROR_CODES.quota });
});

test('reopening an existing chat takes no new chat, and deleting one does not give the day’s slot back', async () => {
  const { cookie } = member();
  const character = snapshot();
  const first = await chatWith(small, cookie, character);
  await chatWith(small, cookie, character);
  await chatWith(small, cookie, character);
  expect((await open(small, cookie, character.id, false)).status).toBe(201);
  await request(small.server).delete(`/api/chats/${first.id}`).set('Cookie', cookie);
  expect((await open(small, cookie, character.id)).status).toBe(429);
});

test(`the real allowance is ${QUOTAS.chatsPerDay} new chats a day`, async () => {
  const { actor, cookie } = member();
  const character = snapshot();
  await real.service.characters.applyUpdated(character, 1);
  // The day's first 199 slots as earlier opens left them (opening 199 rooms here would take a minute).
  const quota = `chats:${actor.id}:${quotaDay(new Date())}`;
  const taken = Array.from({ length: QUOTAS.chatsPerDay - 1 }, (_, i) => ({ _id: `${quota}:${i + 1}`, quota, n: i + 1, holder: `earlier-${i}`, at: new Date() }));
  await real.connection.collection<QuotaSlotDoc>('quota_slots').insertMany(taken);
  expect((await open(real, cookie, character.id)).status).toBe(201);
  expect((await open(real, cookie, character.id)).status).toBe(429);
});

test('the hourly prune forgets new-chat slots of days before yesterday and keeps yesterday’s and today’s', async () => {
  const { actor } = member();
  const day = 24 * 3_600_000;
  const slotAt = (ago: number, n: number, holder: string): QuotaSlotDoc => {
    const at = new Date(Date.now() - ago);
    const quota = `chats:${actor.id}:${quotaDay(at)}`;
    return { _id: `${quota}:${n}`, quota, n, holder, at };
  };
  const slots = small.connection.collection<QuotaSlotDoc>('quota_slots');
  await slots.insertMany([slotAt(3 * day, 1, 'three-days-ago'), slotAt(3 * day, 2, 'three-days-ago'), slotAt(day, 1, 'yesterday'), slotAt(0, 1, 'today')]);
  await small.service.chats.forgetPastDays();
  const left = await slots.find({ quota: { $regex: `^chats:${actor.id}:` } }).toArray();
  expect(left.map((s) => s.holder).sort()).toEqual(['today', 'yesterday']);
});
