import request from 'supertest';
import { ERROR_CODES, UPLOAD_MESSAGES } from '@lakorn/contracts';
import { catalogCollections } from '../src/data/models';
import { catalogForThisFile, createCharacter, member } from './support/harness';
import { makeJpeg, makePng } from './support/images';

// Every refusal the catalog answers, body for body: the domain names the rule, routes/errors.ts
// gives it the status, code and text of spec §7 (README "One service shape").

const owner = member();
const other = member();
const h = catalogForThisFile('catalog_errors');

describe('the catalog’s refusals', () => {
  it('a cursor it never gave: 400 VALIDATION', async () => {
    const res = await request(h.app).get('/api/characters/public').query({ cursor: 'nope' }).set('Cookie', owner.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'cursor: Invalid cursor', code: ERROR_CODES.validation });
  });

  it('someone else’s private character: 404 NOT_FOUND, for reads, likes and edits alike', async () => {
    const secret = await createCharacter(h.app, other.cookie, { isPublic: false, description: '' });
    const notFound = { message: 'Character not found', code: ERROR_CODES.notFound };
    const read = await request(h.app).get(`/api/characters/${secret.id}`).set('Cookie', owner.cookie);
    expect([read.status, read.body]).toEqual([404, notFound]);
    const like = await request(h.app).post(`/api/characters/${secret.id}/like`).set('Cookie', owner.cookie).send({});
    expect([like.status, like.body]).toEqual([404, notFound]);
    const status = await request(h.app).get(`/api/characters/${secret.id}/like/${owner.actor.id}`).set('Cookie', owner.cookie);
    expect([status.status, status.body]).toEqual([404, notFound]);
    const gone = await request(h.app).delete(`/api/characters/${'f'.repeat(24)}`).set('Cookie', owner.cookie);
    expect([gone.status, gone.body]).toEqual([404, notFound]);
  });

  it('someone else’s public character: 403 FORBIDDEN to change it', async () => {
    const theirs = await createCharacter(h.app, other.cookie);
    const res = await request(h.app).delete(`/api/characters/${theirs.id}`).set('Cookie', owner.cookie);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Only the creator can change this character', code: ERROR_CODES.forbidden });
  });

  it('an edit while another holds the next version for 3 s: 409 without a code', async () => {
    const mine = await createCharacter(h.app, owner.cookie);
    await catalogCollections(h.connection).versionClaims.insertOne({ _id: `${mine.id}:2`, characterId: mine.id, version: 2, claimedAt: new Date() });
    const res = await request(h.app).put(`/api/characters/${mine.id}`).set('Cookie', owner.cookie).send({ ...mine, name: 'ช้าไป' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'The character is being changed by another request; try again' });
  });

  it('uploads: not an image 400, over 5 MB 413, no session 401', async () => {
    const invalid = { message: UPLOAD_MESSAGES.invalid, code: ERROR_CODES.validation };
    const text = await request(h.app).post('/api/upload/character-image').set('Cookie', owner.cookie).attach('image', Buffer.from('text'), 'a.png');
    expect([text.status, text.body]).toEqual([400, invalid]);
    const none = await request(h.app).post('/api/upload/character-image').set('Cookie', owner.cookie).field('userId', owner.actor.id);
    expect([none.status, none.body]).toEqual([400, invalid]);
    const big = await request(h.app).post('/api/upload/character-image').set('Cookie', owner.cookie).attach('image', makeJpeg(6 * 1024 * 1024), 'b.jpg');
    expect([big.status, big.body]).toEqual([413, { message: UPLOAD_MESSAGES.tooLarge, code: ERROR_CODES.validation }]);
    const anonymous = await request(h.app).post('/api/upload/character-image').attach('image', makePng(), 'a.png');
    expect([anonymous.status, anonymous.body]).toEqual([401, { message: 'Not signed in', code: ERROR_CODES.unauthenticated }]);
    const mine = await createCharacter(h.app, owner.cookie);
    const jpeg = await request(h.app).post('/api/upload/character-card/png').set('Cookie', owner.cookie).field('characterId', mine.id).attach('image', makeJpeg(), 'p.jpg');
    expect([jpeg.status, jpeg.body]).toEqual([400, invalid]);
  });

  it('cards: no card in the file, or a broken one: 400 VALIDATION with the spec’s Thai text', async () => {
    const importCard = (bytes: Buffer, name: string) => request(h.app).post('/api/upload/character-card').set('Cookie', owner.cookie).attach('card', bytes, name);
    const plain = await importCard(makePng(), 'plain.png');
    expect([plain.status, plain.body]).toEqual([400, { message: 'ไม่พบข้อมูลการ์ดตัวละครในไฟล์นี้', code: ERROR_CODES.validation }]);
    const broken = await importCard(Buffer.from('{"spec":"chara_card_v2",'), 'broken.json');
    expect([broken.status, broken.body]).toEqual([400, { message: 'การ์ดตัวละครไม่ถูกต้อง: The card is not valid JSON', code: ERROR_CODES.validation }]);
    const foreign = await importCard(Buffer.from('{"spec":"other"}'), 'other.json');
    expect([foreign.status, foreign.body]).toEqual([400, { message: 'การ์ดตัวละครไม่ถูกต้อง: Unknown card format: other', code: ERROR_CODES.validation }]);
  });

  it('an image that is not stored: 404 NOT_FOUND', async () => {
    const res = await request(h.app).get(`/character-images/${'a'.repeat(32)}.png`);
    expect([res.status, res.body]).toEqual([404, { message: 'Image not found', code: ERROR_CODES.notFound }]);
    const odd = await request(h.app).get('/character-images/..%2Fsecret');
    expect([odd.status, odd.body]).toEqual([404, { message: 'Image not found', code: ERROR_CODES.notFound }]);
  });
});
