import request from 'supertest';
import { CHARACTER_STATS_SERIES_DAYS, type CharacterStats } from '@lakorn/contracts';
import { quotaDay } from '@lakorn/service-kit';
import { waitUntil } from '@lakorn/service-kit/testing';
import { registerStatsConsumer } from '../src/events/consumers';
import { createCharacter, member, startCatalog, type Harness } from './support/harness';

// README "Creator stats": GET /api/characters/{id}/stats on real FerretDB and RabbitMQ. The owner
// and admins only; counts derived from unique-insert facts, exact under replayed and concurrent
// events; a re-rating moves its thumb; 7 days, 30 days and all time by Bangkok day.

jest.setTimeout(120_000);

let h: Harness;
beforeAll(async () => {
  h = await startCatalog('catalog_stats');
});
afterAll(async () => {
  await h?.close();
});

const DAY = 86_400_000;
const ago = (days: number, extraMs = 0) => new Date(Date.now() - days * DAY - extraMs).toISOString();
const statsOf = async (cookie: string, id: string) => {
  const res = await request(h.app).get(`/api/characters/${id}/stats`).set('Cookie', cookie);
  expect(res.status).toBe(200);
  return res.body as CharacterStats;
};
const zero = { chatsStarted: 0, messagesReceived: 0, members: 0, likes: 0, thumbsUp: 0, thumbsDown: 0 };

test('the owner and admins read a character\'s stats; anyone else gets 403 for a public one and 404 for a private or unknown one', async () => {
  const owner = member();
  const pub = await createCharacter(h.app, owner.cookie);
  const priv = await createCharacter(h.app, owner.cookie, { isPublic: false, description: '' });
  const fresh = await statsOf(owner.cookie, pub.id);
  expect(fresh.windows).toEqual({ days7: zero, days30: zero, all: zero });
  expect(fresh.daily).toHaveLength(CHARACTER_STATS_SERIES_DAYS);
  expect(fresh.daily.at(-1)).toEqual({ day: quotaDay(new Date()), ...zero });
  const admin = member({ isAdmin: true });
  for (const id of [pub.id, priv.id]) expect((await request(h.app).get(`/api/characters/${id}/stats`).set('Cookie', admin.cookie)).status).toBe(200);
  const stranger = member();
  expect((await request(h.app).get(`/api/characters/${pub.id}/stats`).set('Cookie', stranger.cookie)).status).toBe(403);
  expect((await request(h.app).get(`/api/characters/${priv.id}/stats`).set('Cookie', stranger.cookie)).status).toBe(404);
  expect((await request(h.app).get('/api/characters/no-such-character/stats').set('Cookie', owner.cookie)).status).toBe(404);
  expect((await request(h.app).get(`/api/characters/${pub.id}/stats`)).status).toBe(401);
});

test('counts are exact when every event is replayed and raced, by window: today, 10 days ago (30 days only), 40 days ago (all time only)', async () => {
  const owner = member();
  const { id } = await createCharacter(h.app, owner.cookie);
  const [a, b, c] = [member(), member(), member()];
  const stats = h.service.stats;
  const chat = (chatId: string, userId: string, at: string) => stats.chatStarted({ chatId, characterId: id, userId, at });
  const message = (messageId: string, userId: string, at: string) => stats.messageSent({ messageId, chatId: 'x', characterId: id, userId, at });
  // Every event four times at once (a redelivery racing the first delivery), every kind together.
  const raced = <T>(make: () => Promise<T>) => Promise.all([make(), make(), make(), make()]);
  await Promise.all([
    raced(() => chat('chat-a', a.actor.id, ago(0))),
    raced(() => chat('chat-b', b.actor.id, ago(0))),
    raced(() => chat('chat-c-old', c.actor.id, ago(40))),
    ...['m1', 'm2', 'm3'].map((m) => raced(() => message(m, a.actor.id, ago(0)))),
    raced(() => message('m4', b.actor.id, ago(2))),
    raced(() => message('m5', c.actor.id, ago(10))),
    raced(() => message('m6', c.actor.id, ago(40))),
  ]);
  // Likes through the API (one member twice: once).
  for (const m of [a, b, a]) await request(h.app).post(`/api/characters/${id}/like`).set('Cookie', m.cookie).send({ userId: m.actor.id }).expect(200);

  const s = await statsOf(owner.cookie, id);
  expect(s.windows.days7).toEqual({ chatsStarted: 2, messagesReceived: 4, members: 2, likes: 2, thumbsUp: 0, thumbsDown: 0 });
  expect(s.windows.days30).toEqual({ chatsStarted: 2, messagesReceived: 5, members: 3, likes: 2, thumbsUp: 0, thumbsDown: 0 });
  expect(s.windows.all).toEqual({ chatsStarted: 3, messagesReceived: 6, members: 3, likes: 2, thumbsUp: 0, thumbsDown: 0 });
  expect(s.daily.at(-1)).toMatchObject({ day: quotaDay(new Date()), chatsStarted: 2, messagesReceived: 3, members: 2, likes: 2 });
  expect(s.daily.at(-3)).toMatchObject({ messagesReceived: 1, members: 1 });
  expect(s.daily.reduce((n, d) => n + d.messagesReceived, 0)).toBe(5);

  // A later event shows at the next read (the day touched since it was derived is derived again).
  await raced(() => message('m7', b.actor.id, ago(0)));
  expect((await statsOf(owner.cookie, id)).windows.days7.messagesReceived).toBe(5);
});

test('a re-rating moves its thumb (to its new value and day), a replay or an older event changes nothing, each answer counts on its own, 0 clears', async () => {
  const owner = member();
  const { id } = await createCharacter(h.app, owner.cookie);
  const stats = h.service.stats;
  const rated = (messageId: string, alternative: number, value: 1 | -1 | 0, previous: 1 | -1 | 0, at: string) =>
    stats.messageRated({ messageId, alternative, characterId: id, userId: 'rater', value, previous, at });
  const upLongAgo = ago(3);
  await Promise.all([rated('r1', 0, 1, 0, upLongAgo), rated('r1', 0, 1, 0, upLongAgo)]);
  expect((await statsOf(owner.cookie, id)).windows.days7).toMatchObject({ thumbsUp: 1, thumbsDown: 0 });
  const downNow = ago(0);
  // The newer thumb and a late replay of the older one, at once: the newer wins either way.
  await Promise.all([rated('r1', 0, -1, 1, downNow), rated('r1', 0, 1, 0, upLongAgo), rated('r1', 0, -1, 1, downNow)]);
  const moved = await statsOf(owner.cookie, id);
  expect(moved.windows.days7).toMatchObject({ thumbsUp: 0, thumbsDown: 1 });
  expect(moved.daily.at(-4)).toMatchObject({ thumbsUp: 0, thumbsDown: 0 });
  expect(moved.daily.at(-1)).toMatchObject({ thumbsUp: 0, thumbsDown: 1 });
  // Another answer of the same reply is rated on its own; a cleared one counts nothing.
  await rated('r1', 1, 1, 0, ago(0));
  await rated('r2', 0, 1, 0, ago(0, 1000));
  await rated('r2', 0, 0, 1, ago(0));
  expect((await statsOf(owner.cookie, id)).windows.all).toMatchObject({ thumbsUp: 1, thumbsDown: 1 });
});

test('chat\'s events reach the stats through RabbitMQ, and a redelivered one counts once', async () => {
  const owner = member();
  const { id } = await createCharacter(h.app, owner.cookie);
  await registerStatsConsumer({ bus: h.bus, stats: h.service.stats });
  const payload = { messageId: 'bus-m1', chatId: 'bus-c1', characterId: id, userId: 'bus-member', at: ago(0) };
  for (let i = 0; i < 3; i++) await h.bus.publish('chat.message.sent', payload, { messageId: 'chat.message.sent:bus-m1' });
  await h.bus.publish('chat.chat.started', { chatId: 'bus-c1', characterId: id, userId: 'bus-member', at: ago(0) }, { messageId: 'chat.chat.started:bus-c1' });
  await waitUntil(async () => (await statsOf(owner.cookie, id)).windows.days7.chatsStarted === 1, 10_000);
  expect((await statsOf(owner.cookie, id)).windows.days7).toMatchObject({ chatsStarted: 1, messagesReceived: 1, members: 1 });
});

test('a deleted member\'s chats, messages and thumbs leave the numbers (identity.user.deleted); a redelivery changes nothing', async () => {
  const owner = member();
  const { id } = await createCharacter(h.app, owner.cookie);
  const stats = h.service.stats;
  for (const userId of ['stays', 'leaves']) {
    await stats.chatStarted({ chatId: `chat-${userId}-${id}`, characterId: id, userId, at: ago(0) });
    await stats.messageSent({ messageId: `m-${userId}-${id}`, chatId: 'x', characterId: id, userId, at: ago(1) });
    await stats.messageRated({ messageId: `m-${userId}-${id}-r`, alternative: 0, characterId: id, userId, value: 1, previous: 0, at: ago(0) });
  }
  expect((await statsOf(owner.cookie, id)).windows.all).toMatchObject({ chatsStarted: 2, messagesReceived: 2, members: 2, thumbsUp: 2 });
  await stats.forgetMember('leaves');
  await stats.forgetMember('leaves');
  const after = await statsOf(owner.cookie, id);
  expect(after.windows.all).toMatchObject({ chatsStarted: 1, messagesReceived: 1, members: 1, thumbsUp: 1 });
  expect(after.windows.days7).toMatchObject({ chatsStarted: 1, messagesReceived: 1, members: 1, thumbsUp: 1 });
});
