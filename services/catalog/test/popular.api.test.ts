import request from 'supertest';
import { createOutbox, silentLogger } from '@lakorn/service-kit';
import { testBus, testNamespace, waitUntil } from '@lakorn/service-kit/testing';
import { registerActivityConsumer } from '../src/events/consumers';
import { createCatalogService } from '../src/service';
import { activityId } from '../src/data/activityStore';
import { createCharacter, member, startCatalog, type Harness } from './support/harness';

// Discover's orders (GET /api/characters/public?sort=popular|new|liked) and popularity: the
// distinct members chatting with a character in the last 7 Bangkok days, counted from
// chat.message.sent by one activity document per (character, member, Bangkok day) whose unique
// _id refuses a replay or a racing twin (ARCHITECTURE §2).

jest.setTimeout(120_000);

const DAY = 86_400_000;
/** The clock every service of this file runs on: tests move it across Bangkok midnights. */
let clock = Date.parse('2026-03-10T05:00:00Z'); // 12:00 in Bangkok
const now = () => new Date(clock);

let h: Harness;
const viewer = member();
const creator = member();
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startCatalog('catalog_popular', { service: { now } });
  // Created one after another, each a minute later: "new" is D, C, B, A.
  for (const [key, genre, name] of [
    ['a', 'romantic', 'อลิซ'],
    ['b', 'adventure', 'บีม ผู้กล้า'],
    ['c', 'daily', 'ชบา'],
    ['d', 'adventure', 'ดาว ผู้กล้า'],
  ] as const) {
    ids[key] = (await createCharacter(h.app, creator.cookie, { name, genre })).id;
    clock += 60_000;
  }
});
afterAll(() => h.close());

const event = (characterId: string, userId: string, at = clock, messageId = `m-${Math.random()}`) => ({
  messageId,
  chatId: `chat-${userId}-${characterId}`,
  characterId,
  userId,
  at: new Date(at).toISOString(),
});

async function list(query: Record<string, string | number>) {
  const res = await request(h.app).get('/api/characters/public').query(query).set('Cookie', viewer.cookie);
  expect(res.status).toBe(200);
  return res.body as { characters: Array<{ id: string; likes: number }>; nextCursor: string | null };
}
const order = async (query: Record<string, string | number>) => (await list(query)).characters.map((c) => c.id);
const activityDocs = (characterId: string) => h.connection.collection('character_activity').countDocuments({ characterId });

describe('sort orders', () => {
  beforeAll(async () => {
    // Likes: C three, A one.
    for (const fan of [member(), member(), member()]) await request(h.app).post(`/api/characters/${ids.c}/like`).set('Cookie', fan.cookie).send({}).expect(200);
    await request(h.app).post(`/api/characters/${ids.a}/like`).set('Cookie', member().cookie).send({}).expect(200);
    // Chatting this week: B two members, D one.
    for (const userId of ['u1', 'u2']) await h.service.activity.messageSent(event(ids.b!, userId));
    await h.service.activity.messageSent(event(ids.d!, 'u1'));
  });

  it('new: newest first; liked: most likes, ties to the newer; popular: most members chatting, ties to the newer', async () => {
    expect(await order({ sort: 'new' })).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(await order({ sort: 'liked' })).toEqual([ids.c, ids.a, ids.d, ids.b]);
    expect(await order({ sort: 'popular' })).toEqual([ids.b, ids.d, ids.c, ids.a]);
  });

  it('random stays the default, with every character once', async () => {
    const random = await order({ seed: 12345 });
    expect([...random].sort()).toEqual(Object.values(ids).sort());
    expect(await order({ seed: 12345, sort: 'random' })).toEqual(random);
  });

  it('pages through every sort with the cursor, one card a page, in the same order as one page', async () => {
    for (const sort of ['popular', 'new', 'liked', 'random']) {
      const whole = await order({ sort, seed: 7 });
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof list>> = await list({ sort, seed: 7, limit: 1, ...(cursor ? { cursor } : {}) });
        paged.push(...page.characters.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect({ sort, paged }).toEqual({ sort, paged: whole });
    }
  });

  it('genre and search combine with every sort', async () => {
    expect(await order({ sort: 'popular', genre: 'adventure' })).toEqual([ids.b, ids.d]);
    expect(await order({ sort: 'new', genre: 'adventure' })).toEqual([ids.d, ids.b]);
    expect(await order({ sort: 'liked', q: 'ผู้กล้า' })).toEqual([ids.d, ids.b]);
    expect(await order({ sort: 'popular', q: 'ผู้กล้า', genre: 'adventure' })).toEqual([ids.b, ids.d]);
    expect(await order({ sort: 'new', genre: 'daily' })).toEqual([ids.c]);
  });

  it("an unknown sort is a 400 with the house's error body; another sort's cursor too", async () => {
    const res = await request(h.app).get('/api/characters/public').query({ sort: 'hot' }).set('Cookie', viewer.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), code: 'VALIDATION' });
    const newCursor = (await list({ sort: 'new', limit: 1 })).nextCursor!;
    expect((await request(h.app).get('/api/characters/public').query({ sort: 'liked', cursor: newCursor }).set('Cookie', viewer.cookie)).status).toBe(400);
  });
});

describe('popular counts are exact under replays and concurrency', () => {
  it('the same event twice counts once (one activity document)', async () => {
    const id = (await createCharacter(h.app, creator.cookie, { name: 'ซ้ำ' })).id;
    const sent = event(id, 'replayer');
    await h.service.activity.messageSent(sent);
    await h.service.activity.messageSent(sent);
    expect(h.service.index.popularityOf(id)).toBe(1);
    expect(await activityDocs(id)).toBe(1);
  });

  it('racing events of the same and different members and days count each member once in the window, each (member, day) once in the store', async () => {
    const hot = (await createCharacter(h.app, creator.cookie, { name: 'ฮอต' })).id;
    const warm = (await createCharacter(h.app, creator.cookie, { name: 'อุ่น' })).id;
    const events = [];
    // 12 members on `hot`: each on 3 days of the window, every event 4 times over; 5 of them on `warm` too.
    for (let m = 0; m < 12; m++) {
      for (const back of [0, 2, 6]) for (let copy = 0; copy < 4; copy++) events.push(event(hot, `racer-${m}`, clock - back * DAY));
      if (m < 5) for (let copy = 0; copy < 3; copy++) events.push(event(warm, `racer-${m}`, clock - DAY));
    }
    // Out of the window (8 days ago): stored, not counted.
    events.push(event(hot, 'long-ago', clock - 8 * DAY));
    events.sort(() => Math.random() - 0.5);
    await Promise.all(events.map((e) => h.service.activity.messageSent(e)));

    expect(h.service.index.popularityOf(hot)).toBe(12);
    expect(h.service.index.popularityOf(warm)).toBe(5);
    expect(await activityDocs(hot)).toBe(12 * 3 + 1);
    expect(await activityDocs(warm)).toBe(5);
    expect(await h.connection.collection('character_activity').countDocuments({ _id: activityId(hot, 'racer-0', '2026-03-10') as never })).toBe(1);
    expect((await order({ sort: 'popular', limit: 2 })).slice(0, 2)).toEqual([hot, warm]);

    // Another instance (its index loaded at start) and a restart agree, read from the store by day.
    const logger = silentLogger();
    const restarted = createCatalogService({ connection: h.connection, logger, outbox: createOutbox({ connection: h.connection, bus: h.bus, logger }), now, snapshotIntervalMs: 0 });
    await restarted.openIndex();
    expect(restarted.index.popularityOf(hot)).toBe(12);
    expect(restarted.index.popularityOf(warm)).toBe(5);
    // It learns new activity from the discover log within a poll.
    await h.service.activity.messageSent(event(warm, 'late-comer'));
    await restarted.sync.poll();
    expect(restarted.index.popularityOf(warm)).toBe(6);
    await restarted.closeIndex();
  });

  it('a Bangkok day leaving the window takes its members out of the count', async () => {
    const id = (await createCharacter(h.app, creator.cookie, { name: 'เมื่อวาน' })).id;
    await h.service.activity.messageSent(event(id, 'early', clock - 6 * DAY));
    await h.service.activity.messageSent(event(id, 'today', clock));
    expect(h.service.index.popularityOf(id)).toBe(2);
    const saved = clock;
    clock += DAY; // the 7th day back leaves the window at Bangkok midnight
    try {
      expect(h.service.index.popularityOf(id)).toBe(1);
    } finally {
      clock = saved;
    }
  });

  it('through the bus: a redelivered chat.message.sent (same messageId) and a race of consumers count once', async () => {
    const namespace = testNamespace();
    const bus = testBus('catalog', { namespace });
    const chatBus = testBus('chat', { namespace });
    try {
      await registerActivityConsumer({ bus, activity: h.service.activity });
      const id = (await createCharacter(h.app, creator.cookie, { name: 'ผ่านคิว' })).id;
      const sent = event(id, 'bus-member', clock, 'bus-message-1');
      await Promise.all([1, 2, 3].map(() => chatBus.publish('chat.message.sent', sent, { messageId: `chat.message.sent:${sent.messageId}` })));
      await chatBus.publish('chat.message.sent', event(id, 'bus-member-2'), { messageId: 'chat.message.sent:bus-message-2' });
      await waitUntil(async () => (await activityDocs(id)) === 2 && h.service.index.popularityOf(id) === 2, 10_000, 'both members counted');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(h.service.index.popularityOf(id)).toBe(2);
      expect(await activityDocs(id)).toBe(2);
    } finally {
      await chatBus.close();
      await bus.close();
    }
  });
});
