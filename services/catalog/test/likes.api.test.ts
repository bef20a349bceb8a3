import request from 'supertest';
import { ensureIndexes, silentLogger } from '@lakorn/service-kit';
import { createCatalogService } from '../src/service';
import { catalogForThisFile, createCharacter, member } from './support/harness';

const h = catalogForThisFile('catalog_likes');

const creator = member();

describe('likes (spec §4: once per user, count derived from the likes)', () => {
  it('answers hasLiked false, then true after a like; the first like answers alreadyLiked false and 1', async () => {
    const fan = member();
    const { id } = await createCharacter(h.app, creator.cookie);
    const before = await request(h.app).get(`/api/characters/${id}/like/${fan.actor.uid}`).set('Cookie', fan.cookie);
    expect(before.body).toEqual({ hasLiked: false });
    const liked = await request(h.app).post(`/api/characters/${id}/like`).set('Cookie', fan.cookie).send({ userId: fan.actor.uid });
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ alreadyLiked: false, likes: 1 });
    const after = await request(h.app).get(`/api/characters/${id}/like/${fan.actor.id}`).set('Cookie', fan.cookie);
    expect(after.body).toEqual({ hasLiked: true });
    const again = await request(h.app).post(`/api/characters/${id}/like`).set('Cookie', fan.cookie).send({});
    expect(again.body).toEqual({ alreadyLiked: true, likes: 1 });
  });

  it('counts 50 concurrent likes by one user once', async () => {
    const fan = member();
    const { id } = await createCharacter(h.app, creator.cookie);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => request(h.app).post(`/api/characters/${id}/like`).set('Cookie', fan.cookie).send({ userId: fan.actor.id })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers.filter((r) => r.body.alreadyLiked === false)).toHaveLength(1);
    const got = await request(h.app).get(`/api/characters/${id}`).set('Cookie', fan.cookie);
    expect(got.body.likes).toBe(1);
  });

  it('counts 50 users liking at once as 50, and the count survives a restart (derived from the like documents)', async () => {
    const { id } = await createCharacter(h.app, creator.cookie);
    const fans = Array.from({ length: 50 }, () => member());
    const answers = await Promise.all(fans.map((fan) => request(h.app).post(`/api/characters/${id}/like`).set('Cookie', fan.cookie).send({})));
    expect(answers.every((r) => r.status === 200 && r.body.alreadyLiked === false)).toBe(true);
    expect(Math.max(...answers.map((r) => r.body.likes as number))).toBe(50);
    expect((await request(h.app).get(`/api/characters/${id}`).set('Cookie', creator.cookie)).body.likes).toBe(50);

    // A second instance over the same database derives the same count from the stored likes.
    const fresh = createCatalogService({ connection: h.connection, logger: silentLogger(), outbox: { enqueue: async () => undefined } });
    await ensureIndexes(h.connection);
    await fresh.catalog.load();
    expect(fresh.index.likeCount(id)).toBe(50);
  });

  it("refuses to like someone else's private character (404) and another user's like status (403)", async () => {
    const fan = member();
    const { id } = await createCharacter(h.app, creator.cookie, { isPublic: false, description: '' });
    expect((await request(h.app).post(`/api/characters/${id}/like`).set('Cookie', fan.cookie).send({})).status).toBe(404);
    expect((await request(h.app).get(`/api/characters/${id}/like/${fan.actor.id}`).set('Cookie', fan.cookie)).status).toBe(404);
    const open = await createCharacter(h.app, creator.cookie);
    expect((await request(h.app).get(`/api/characters/${open.id}/like/${creator.actor.id}`).set('Cookie', fan.cookie)).status).toBe(403);
    expect((await request(h.app).post(`/api/characters/${open.id}/like`).set('Cookie', fan.cookie).send({ userId: creator.actor.id })).status).toBe(403);
  });

  it('shows the like count on discover cards', async () => {
    const fan = member();
    const { id } = await createCharacter(h.app, creator.cookie, { name: 'นับไลก์พิเศษ' });
    await request(h.app).post(`/api/characters/${id}/like`).set('Cookie', fan.cookie).send({});
    const page = await request(h.app).get('/api/characters/public').query({ q: 'นับไลก์พิเศษ' }).set('Cookie', fan.cookie);
    expect(page.body.characters[0]).toMatchObject({ id, likes: 1 });
  });
});
