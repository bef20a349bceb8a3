import request from 'supertest';
import { LIMITS, MODERATION_ERROR_CODES, MODERATION_MESSAGES } from '@lakorn/contracts';
import { catalogForThisFile, characterInput, createCharacter, member } from './support/harness';

const h = catalogForThisFile('catalog_characters');

const a = member();
const b = member();

describe('creating a character (spec §5 wizard rules, checked again on the server)', () => {
  it('stores a valid character for the signed-in member and answers it with version 1', async () => {
    const res = await request(h.app).post('/api/characters').set('Cookie', a.cookie).send({ ...characterInput(), userId: a.actor.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: a.actor.id, name: 'ดาวเหนือ', genre: 'romantic', likes: 0, version: 1, isPublic: true });
    const got = await request(h.app).get(`/api/characters/${res.body.id}`).set('Cookie', a.cookie);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('refuses a request without a session (401)', async () => {
    const res = await request(h.app).post('/api/characters').send(characterInput());
    expect(res.status).toBe(401);
  });

  it('refuses a body userId naming someone else (403)', async () => {
    const res = await request(h.app).post('/api/characters').set('Cookie', a.cookie).send({ ...characterInput(), userId: b.actor.id });
    expect(res.status).toBe(403);
  });

  const refused: Array<[string, Record<string, unknown>]> = [
    ['a missing name', { name: undefined }],
    ['a blank name', { name: '   ' }],
    [`a name over ${LIMITS.characterName} characters`, { name: 'ก'.repeat(LIMITS.characterName + 1) }],
    [`appearance over ${LIMITS.appearance}`, { appearance: 'ก'.repeat(LIMITS.appearance + 1) }],
    ['a missing personality', { personality: '' }],
    [`personality over ${LIMITS.personality}`, { personality: 'ก'.repeat(LIMITS.personality + 1) }],
    ['a missing first message', { firstMessage: ' ' }],
    [`background over ${LIMITS.background}`, { background: 'ก'.repeat(LIMITS.background + 1) }],
    [`example messages over ${LIMITS.exampleMessages}`, { exampleMessages: 'ก'.repeat(LIMITS.exampleMessages + 1) }],
    ['a public character without a description', { isPublic: true, description: '' }],
    [`a description over ${LIMITS.publicDescription}`, { description: 'ก'.repeat(LIMITS.publicDescription + 1) }],
    ['a gender outside the list', { gender: 'robot' }],
    ['a genre outside the list', { genre: 'horror' }],
    ['an operator in place of a string', { name: { $gt: '' } }],
    ['a script URL as the image', { profileUrl: 'javascript:alert(1)' }],
    ['a path that climbs out of the image folder', { profileUrl: '/character-images/../../etc/passwd' }],
  ];
  it.each(refused)('refuses %s with 400', async (_label, change) => {
    const res = await request(h.app).post('/api/characters').set('Cookie', a.cookie).send({ ...characterInput(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('accepts every field at its exact limit, counting Thai characters as the wizard does', async () => {
    const res = await request(h.app)
      .post('/api/characters')
      .set('Cookie', a.cookie)
      .send(
        characterInput({
          name: 'น'.repeat(LIMITS.characterName),
          appearance: 'น'.repeat(LIMITS.appearance),
          personality: 'น'.repeat(LIMITS.personality),
          background: 'น'.repeat(LIMITS.background),
          exampleMessages: 'น'.repeat(LIMITS.exampleMessages),
          description: 'น'.repeat(LIMITS.publicDescription),
          firstMessage: 'น'.repeat(5000),
        }),
      );
    expect(res.status).toBe(201);
  });

  it('keeps a private character without a description, and the first message has no maximum', async () => {
    const res = await request(h.app).post('/api/characters').set('Cookie', a.cookie).send(characterInput({ isPublic: false, description: '' }));
    expect(res.status).toBe(201);
  });

  it('keeps isSpicy only for a romantic character (spec §3)', async () => {
    const adult = member({ adult: true });
    const romantic = await createCharacter(h.app, adult.cookie, { genre: 'romantic', isSpicy: true });
    const daily = await createCharacter(h.app, a.cookie, { genre: 'daily', isSpicy: true });
    expect(romantic.isSpicy).toBe(true);
    expect(daily.isSpicy).toBe(false);
  });

  it('a spicy character is created or edited only by an owner who confirmed being 18 or older (403 in Thai)', async () => {
    const res = await request(h.app).post('/api/characters').set('Cookie', a.cookie).send(characterInput({ genre: 'romantic', isSpicy: true }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MODERATION_MESSAGES.spicyNeedsAge, code: MODERATION_ERROR_CODES.ageConfirmationRequired });
    const plain = await createCharacter(h.app, a.cookie, { genre: 'romantic' });
    const edit = await request(h.app).put(`/api/characters/${plain.id}`).set('Cookie', a.cookie).send(characterInput({ genre: 'romantic', isSpicy: true }));
    expect(edit.status).toBe(403);
  });

  it('publishes catalog.character.updated with the full snapshot and version 1 through the outbox', async () => {
    const created = await createCharacter(h.app, a.cookie, { name: 'เหตุการณ์' });
    const events = await h.pendingEvents('catalog.character.updated');
    const event = events.find((e) => e.payload.character.id === created.id);
    expect(event?.messageId).toBe(`catalog.character.updated:${created.id}:1`);
    expect(event?.payload).toMatchObject({ version: 1, character: { name: 'เหตุการณ์', personality: characterInput().personality, firstMessage: characterInput().firstMessage } });
  });
});

describe('reading, editing and deleting (spec §6: only the creator changes a character)', () => {
  it("answers 404 for someone else's private character and for an unknown id", async () => {
    const secret = await createCharacter(h.app, a.cookie, { isPublic: false, description: '' });
    expect((await request(h.app).get(`/api/characters/${secret.id}`).set('Cookie', b.cookie)).status).toBe(404);
    expect((await request(h.app).get(`/api/characters/${secret.id}`).set('Cookie', a.cookie)).status).toBe(200);
    expect((await request(h.app).get('/api/characters/ffffffffffffffffffffffff').set('Cookie', a.cookie)).status).toBe(404);
  });

  it("shows anyone a public character, but refuses another member's edit (403) and delete (403)", async () => {
    const open = await createCharacter(h.app, a.cookie);
    expect((await request(h.app).get(`/api/characters/${open.id}`).set('Cookie', b.cookie)).status).toBe(200);
    const edit = await request(h.app).put(`/api/characters/${open.id}`).set('Cookie', b.cookie).send(characterInput({ name: 'ขโมย' }));
    expect(edit.status).toBe(403);
    const del = await request(h.app).delete(`/api/characters/${open.id}`).set('Cookie', b.cookie);
    expect(del.status).toBe(403);
    expect((await request(h.app).get(`/api/characters/${open.id}`).set('Cookie', a.cookie)).body.name).toBe('ดาวเหนือ');
  });

  it("refuses another member's edit and delete of a private character with 404 (its existence stays private)", async () => {
    const secret = await createCharacter(h.app, a.cookie, { isPublic: false, description: '' });
    expect((await request(h.app).put(`/api/characters/${secret.id}`).set('Cookie', b.cookie).send(characterInput())).status).toBe(404);
    expect((await request(h.app).delete(`/api/characters/${secret.id}`).set('Cookie', b.cookie)).status).toBe(404);
  });

  it('lets the creator edit: the version grows and catalog.character.updated carries it', async () => {
    const created = await createCharacter(h.app, a.cookie);
    const res = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', a.cookie).send(characterInput({ name: 'ดาวใต้', genre: 'adventure' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'ดาวใต้', genre: 'adventure', version: 2, createdAt: created.createdAt });
    const events = (await h.pendingEvents('catalog.character.updated')).filter((e) => e.payload.character.id === created.id);
    expect(events.map((e) => [e.payload.version, e.payload.character.name])).toEqual([
      [1, 'ดาวเหนือ'],
      [2, 'ดาวใต้'],
    ]);
  });

  it('validates an edit as strictly as a creation', async () => {
    const created = await createCharacter(h.app, a.cookie);
    const res = await request(h.app).put(`/api/characters/${created.id}`).set('Cookie', a.cookie).send(characterInput({ personality: '' }));
    expect(res.status).toBe(400);
  });

  it('lets the creator delete: 204, then 404, and catalog.character.deleted is published', async () => {
    const created = await createCharacter(h.app, a.cookie);
    expect((await request(h.app).delete(`/api/characters/${created.id}`).set('Cookie', a.cookie)).status).toBe(204);
    expect((await request(h.app).get(`/api/characters/${created.id}`).set('Cookie', a.cookie)).status).toBe(404);
    const deleted = await h.pendingEvents('catalog.character.deleted');
    expect(deleted.find((e) => e.payload.characterId === created.id)?.payload).toEqual({ characterId: created.id, userId: a.actor.id });
  });
});

describe("a member's characters (GET /api/characters/user/{userId})", () => {
  it('lists all of my own characters, and only the public ones of someone else', async () => {
    const c = member();
    const open = await createCharacter(h.app, c.cookie, { name: 'เปิด' });
    const secret = await createCharacter(h.app, c.cookie, { name: 'ลับ', isPublic: false, description: '' });
    const mine = await request(h.app).get(`/api/characters/user/${c.actor.id}`).set('Cookie', c.cookie);
    expect(mine.body.map((x: { id: string }) => x.id)).toEqual([secret.id, open.id]);
    const theirs = await request(h.app).get(`/api/characters/user/${c.actor.id}`).set('Cookie', b.cookie);
    expect(theirs.body.map((x: { id: string }) => x.id)).toEqual([open.id]);
    // The spec's uid works as the path too.
    const byUid = await request(h.app).get(`/api/characters/user/${c.actor.uid}`).set('Cookie', c.cookie);
    expect(byUid.body).toHaveLength(2);
  });
});
