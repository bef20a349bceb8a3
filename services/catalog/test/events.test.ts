import request from 'supertest';
import type { EventPayload } from '@lakorn/contracts';
import { silentLogger, type Bus } from '@lakorn/service-kit';
import { testBus, testNamespace, waitUntil } from '@lakorn/service-kit/testing';
import { registerConsumers } from '../src/events/consumers';
import { characterInput, createCharacter, member, startCatalog, type Harness } from './support/harness';
import { makePng } from './support/images';

// The catalog on the bus (ARCHITECTURE §4), against the real RabbitMQ: identity's events in, the
// character events out through the outbox relay.

jest.setTimeout(30_000);

const namespace = testNamespace();
let catalogBus: Bus;
let identity: Bus;
let chat: Bus;
let h: Harness;
const updated: Array<EventPayload<'catalog.character.updated'>> = [];
const deleted: Array<EventPayload<'catalog.character.deleted'>> = [];

beforeAll(async () => {
  catalogBus = testBus('catalog', { namespace });
  identity = testBus('identity', { namespace });
  chat = testBus('chat', { namespace });
  h = await startCatalog('catalog_events', { bus: catalogBus });
  await registerConsumers({ bus: catalogBus, catalog: h.service.catalog, logger: silentLogger() });
  await chat.consume({
    queue: 'catalog-events',
    events: ['catalog.character.updated', 'catalog.character.deleted'] as const,
    handler: async (event) => {
      if (event.name === 'catalog.character.updated') updated.push(event.payload as EventPayload<'catalog.character.updated'>);
      else deleted.push(event.payload as EventPayload<'catalog.character.deleted'>);
    },
  });
  h.outbox.start();
});
afterAll(async () => {
  await h.close();
  await Promise.all([catalogBus.close(), identity.close(), chat.close()]);
});

describe('catalog events', () => {
  it('delivers catalog.character.updated for a create and an edit, with the full snapshot and growing versions', async () => {
    const a = member();
    const created = await createCharacter(h.app, a.cookie, { name: 'ผู้ส่งข่าว' });
    await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', a.cookie).send(characterInput({ name: 'ผู้ส่งข่าวคนใหม่' })).expect(200);
    await waitUntil(() => updated.filter((e) => e.character.id === created.id).length === 2, 10_000, 'two updated events');
    const mine = updated.filter((e) => e.character.id === created.id).sort((x, y) => x.version - y.version);
    expect(mine.map((e) => [e.version, e.character.name])).toEqual([
      [1, 'ผู้ส่งข่าว'],
      [2, 'ผู้ส่งข่าวคนใหม่'],
    ]);
    expect(mine[1]?.character).toMatchObject({ userId: a.actor.id, genre: 'romantic', firstMessage: expect.any(String), appearance: expect.any(String) });
  });

  it('shows the username from identity.user.registered, and follows identity.user.updated', async () => {
    const a = member();
    const viewer = member();
    const created = await createCharacter(h.app, a.cookie, { name: 'ชื่อผู้สร้างทดสอบ' });
    await identity.publish('identity.user.registered', { userId: a.actor.id, uid: a.actor.uid, email: a.actor.email, username: 'กุหลาบ', registeredAt: new Date().toISOString() }, { messageId: `registered:${a.actor.id}` });
    const creatorName = async () => (await request(h.app).get(`/api/characters/${created.id}`).set('Cookie', viewer.cookie)).body.creatorUsername as string;
    await waitUntil(async () => (await creatorName()) === 'กุหลาบ', 10_000, 'the registered username');
    await identity.publish('identity.user.updated', { userId: a.actor.id, username: 'ลำดวน', profileUrl: '' }, { messageId: `updated:${a.actor.id}:1` });
    await waitUntil(async () => (await creatorName()) === 'ลำดวน', 10_000, 'the new username');
    const page = await request(h.app).get('/api/characters/public').query({ q: 'ชื่อผู้สร้างทดสอบ' }).set('Cookie', viewer.cookie);
    expect(page.body.characters[0].creatorUsername).toBe('ลำดวน');
  });

  it("removes a deleted user's characters (publishing catalog.character.deleted for each), likes and images", async () => {
    const leaving = member();
    const staying = member();
    const upload = await request(h.app).post('/api/upload/character-image').set('Cookie', leaving.cookie).attach('image', makePng(), 'me.png').expect(201);
    // An upload no character shows (a wizard left half way), once asked at a card's width.
    const unused = String((await request(h.app).post('/api/upload/character-image').set('Cookie', leaving.cookie).attach('image', makePng(400, 600), 'draft.png').expect(201)).body.url);
    await request(h.app).get(`${unused}?w=180`).expect(200);
    const first = await createCharacter(h.app, leaving.cookie, { profileUrl: upload.body.url });
    const second = await createCharacter(h.app, leaving.cookie, { isPublic: false, description: '' });
    const liked = await createCharacter(h.app, staying.cookie);
    await request(h.app).post(`/api/characters/${liked.id}/like`).set('Cookie', leaving.cookie).send({}).expect(200);
    expect((await request(h.app).get(`/api/characters/${liked.id}`).set('Cookie', staying.cookie)).body.likes).toBe(1);

    await identity.publish('identity.user.deleted', { userId: leaving.actor.id, deletedAt: new Date().toISOString() }, { messageId: `deleted:${leaving.actor.id}` });
    await waitUntil(() => deleted.filter((e) => e.userId === leaving.actor.id).length === 2, 10_000, 'two deleted events');
    expect(deleted.filter((e) => e.userId === leaving.actor.id).map((e) => e.characterId).sort()).toEqual([first.id, second.id].sort());
    expect((await request(h.app).get(`/api/characters/${first.id}`).set('Cookie', leaving.cookie)).status).toBe(404);
    expect((await request(h.app).get(`/api/characters/user/${leaving.actor.id}`).set('Cookie', leaving.cookie)).body).toEqual([]);
    // The likes and images go after the characters' events are out: the handler may still be at it.
    const likes = async () => (await request(h.app).get(`/api/characters/${liked.id}`).set('Cookie', staying.cookie)).body.likes as number;
    await waitUntil(async () => (await likes()) === 0, 10_000, 'the deleted member\'s like to go');
    await waitUntil(async () => (await request(h.app).get(upload.body.url)).status === 404, 10_000, 'the deleted member\'s image to go');
    for (const left of [unused, `${unused}?w=180`]) await waitUntil(async () => (await request(h.app).get(left)).status === 404, 10_000, `${left} to go`);

    // Delivered again (at least once), it changes nothing and fails nothing.
    await identity.publish('identity.user.deleted', { userId: leaving.actor.id, deletedAt: new Date().toISOString() }, { messageId: `deleted:${leaving.actor.id}` });
    expect((await request(h.app).get(`/api/characters/${liked.id}`).set('Cookie', staying.cookie)).status).toBe(200);
  });
});
