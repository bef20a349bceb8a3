import request from 'supertest';
import { createOutbox, silentLogger } from '@lakorn/service-kit';
import { testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../src/app';
import { createCatalogService } from '../src/service';
import { catalogForThisFile, characterInput, createCharacter, member } from './support/harness';

// Two catalog instances over one database: each keeps its own discover index, and learns the
// other's writes from the discover log (domain/discoverSync.ts).

const h = catalogForThisFile('catalog_sync');

describe('the discover index across instances', () => {
  it("shows instance A's new character, like, creator name, edit and delete on instance B after B polls", async () => {
    const logger = silentLogger();
    const b = createCatalogService({ connection: h.connection, logger, outbox: createOutbox({ connection: h.connection, bus: h.bus, logger }) });
    const since = new Date();
    await b.catalog.load();
    const appB = createApp({ logger, sessionPublicKey: testSessionKeys().publicKey, catalog: b.catalog, images: b.images });
    const writer = member();
    const viewer = member();
    const search = () => request(appB).get('/api/characters/public').query({ q: 'ข้ามเครื่อง' }).set('Cookie', viewer.cookie);

    const created = await createCharacter(h.app, writer.cookie, { name: 'ข้ามเครื่อง' });
    await request(h.app).post(`/api/characters/${created.id}/like`).set('Cookie', viewer.cookie).send({}).expect(200);
    await h.service.catalog.setCreator(writer.actor.id, 'ผู้เขียน');
    expect((await search()).body.characters).toEqual([]);

    b.sync.start(since);
    await b.sync.poll();
    const seen = (await search()).body.characters;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: created.id, likes: 1, creatorUsername: 'ผู้เขียน' });
    expect((await request(appB).get(`/api/characters/${created.id}/like/${viewer.actor.id}`).set('Cookie', viewer.cookie)).body).toEqual({ hasLiked: true });

    await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', writer.cookie).send(characterInput({ name: 'ข้ามเครื่องแก้แล้ว' })).expect(200);
    await b.sync.poll();
    expect((await search()).body.characters[0]).toMatchObject({ name: 'ข้ามเครื่องแก้แล้ว', version: 2 });

    await request(h.app).delete(`/api/characters/${created.id}`).set('Cookie', writer.cookie).expect(204);
    await b.sync.poll();
    expect((await search()).body.characters).toEqual([]);
    await b.sync.stop();
  });

  it('applies a change once even when read again, and skips its own', async () => {
    const writer = member();
    await createCharacter(h.app, writer.cookie, { name: 'อ่านซ้ำ' });
    // Instance A reads the log: every entry there is its own.
    expect(await h.service.sync.poll()).toBe(0);
  });
});
