import request from 'supertest';
import { catalogForThisFile, characterInput, createCharacter, member } from './support/harness';

// FerretDB v1 updates are read-modify-replace, so two edits at once could both write "version 2".
// Each edit first claims its version with an insert against a unique _id (domain/characters.ts).

const h = catalogForThisFile('catalog_versions');

describe('concurrent edits of one character', () => {
  it('get distinct, consecutive versions, and the highest event carries what is stored', async () => {
    const owner = member();
    const created = await createCharacter(h.app, owner.cookie);
    const names = ['หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก'];
    const answers = await Promise.all(
      names.map((name) => request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send(characterInput({ name }))),
    );
    expect(answers.map((r) => r.status)).toEqual(names.map(() => 200));
    const versions = answers.map((r) => r.body.version as number).sort((x, y) => x - y);
    expect(versions).toEqual([2, 3, 4, 5, 6, 7]);

    const stored = await request(h.app).get(`/api/characters/${created.id}`).set('Cookie', owner.cookie);
    const events = (await h.pendingEvents('catalog.character.updated')).filter((e) => e.payload.character.id === created.id);
    expect(events.map((e) => e.payload.version).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const last = events.reduce((best, e) => (e.payload.version > best.payload.version ? e : best));
    expect(stored.body.version).toBe(7);
    expect(last.payload.character.name).toBe(stored.body.name);
  });

  it('a failed edit lets go of its version at once: the next edit is neither kept waiting nor refused', async () => {
    const owner = member();
    const created = await createCharacter(h.app, owner.cookie);
    // The store's collection is this connection's (mongoose keeps one per name): its write fails once.
    const characters = h.connection.collection('characters');
    const replaceOne = characters.replaceOne.bind(characters);
    characters.replaceOne = (() => Promise.reject(new Error('the database went away'))) as unknown as typeof characters.replaceOne;
    try {
      const failed = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send(characterInput({ name: 'พลาด' }));
      expect(failed.status).toBe(500);
    } finally {
      characters.replaceOne = replaceOne;
    }
    const next = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send(characterInput({ name: 'หลังพลาด' }));
    expect([next.status, next.body.version, next.body.name]).toEqual([200, 2, 'หลังพลาด']);
  });

  it('moves past a version whose writer died after claiming it', async () => {
    const owner = member();
    const created = await createCharacter(h.app, owner.cookie);
    // A claim of version 2, 31 s old, that was never written (its writer crashed).
    await h.connection.collection<{ _id: string; characterId: string; version: number; claimedAt: Date }>('character_versions').insertOne({
      _id: `${created.id}:2`,
      characterId: created.id,
      version: 2,
      claimedAt: new Date(Date.now() - 31_000),
    });
    const res = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', owner.cookie).send(characterInput({ name: 'ต่อไป' }));
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(3);
  });
});
