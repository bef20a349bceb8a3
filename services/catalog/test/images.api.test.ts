import request from 'supertest';
import { LIMITS } from '@lakorn/contracts';
import { readPngTexts, withPngText } from '../src/domain/pngText';
import { catalogForThisFile, createCharacter, member } from './support/harness';
import { makeGif, makeJpeg, makePng, makeWebp } from './support/images';

const h = catalogForThisFile('catalog_images');

const owner = member();

function upload(cookie: string, bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
  let req = request(h.app).post('/api/upload/character-image').set('Cookie', cookie);
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  return req.attach('image', bytes, { filename, contentType: filename.endsWith('.png') ? 'image/png' : 'image/jpeg' });
}

describe('POST /api/upload/character-image (spec §5: an image, at most 5 MB)', () => {
  it.each([
    ['a PNG', makePng(), 'png'],
    ['a JPEG', makeJpeg(), 'jpg'],
    ['a WebP', makeWebp(), 'webp'],
    ['a GIF', makeGif(), 'gif'],
  ])('stores %s in GridFS and answers its url', async (_label, bytes, extension) => {
    const res = await upload(owner.cookie, bytes, `photo.${extension}`, { userId: owner.actor.uid });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^/character-images/[a-f0-9]{32}\\.${extension}$`));
    const served = await request(h.app).get(res.body.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(served.body as Buffer).equals(bytes)).toBe(true);
  });

  it('refuses a text file named .png with ไฟล์ไม่ถูกต้อง (the bytes decide, not the name or type)', async () => {
    const res = await upload(owner.cookie, Buffer.from('นี่ไม่ใช่รูปภาพ แต่เป็นข้อความธรรมดา'), 'fake.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('ไฟล์ไม่ถูกต้อง');
  });

  it('refuses a 6 MB image with ไฟล์ขนาดใหญ่เกินไป, and accepts one of exactly 5 MB', async () => {
    const big = await upload(owner.cookie, makeJpeg(6 * 1024 * 1024), 'big.jpg');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('ไฟล์ขนาดใหญ่เกินไป');
    const edge = await upload(owner.cookie, makeJpeg(LIMITS.imageBytes), 'edge.jpg');
    expect(edge.status).toBe(201);
  });

  it('refuses an upload without a file, and one without a session', async () => {
    const none = await request(h.app).post('/api/upload/character-image').set('Cookie', owner.cookie).field('userId', owner.actor.id);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('ไฟล์ไม่ถูกต้อง');
    const anonymous = await request(h.app).post('/api/upload/character-image').attach('image', makePng(), 'a.png');
    expect(anonymous.status).toBe(401);
  });

  it("refuses an upload naming someone else, or for someone else's character", async () => {
    const other = member();
    const theirs = await createCharacter(h.app, other.cookie);
    expect((await upload(owner.cookie, makePng(), 'a.png', { userId: other.actor.id })).status).toBe(403);
    expect((await upload(owner.cookie, makePng(), 'a.png', { characterId: theirs.id })).status).toBe(403);
    const mine = await createCharacter(h.app, owner.cookie);
    expect((await upload(owner.cookie, makePng(), 'a.png', { characterId: mine.id })).status).toBe(201);
  });
});

describe('GET /character-images/{file} (spec §7 Images, ARCHITECTURE §8b)', () => {
  it('serves the image with its type and caching headers, at the fallback path too, and answers 304 to a revalidation', async () => {
    const png = makePng(16, 16);
    const { body } = await upload(owner.cookie, png, 'x.png');
    const file = String(body.url).split('/').pop();
    const res = await request(h.app).get(`/character-images/${file}`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBe(`"${file}"`);
    const fallback = await request(h.app).get(`/uploads/character-images/${file}?retry=1`);
    expect(fallback.status).toBe(200);
    expect(Buffer.from(fallback.body as Buffer).equals(png)).toBe(true);
    const again = await request(h.app).get(`/character-images/${file}`).set('If-None-Match', `"${file}"`);
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown file and for names that are not ours', async () => {
    expect((await request(h.app).get(`/character-images/${'a'.repeat(32)}.png`)).status).toBe(404);
    expect((await request(h.app).get('/character-images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it("deletes a character's uploaded image with the character", async () => {
    const { body } = await upload(owner.cookie, makePng(), 'gone.png');
    const created = await createCharacter(h.app, owner.cookie, { profileUrl: body.url });
    expect((await request(h.app).get(body.url)).status).toBe(200);
    await request(h.app).delete(`/api/characters/${created.id}`).set('Cookie', owner.cookie).expect(204);
    expect((await request(h.app).get(body.url)).status).toBe(404);
  });

  it('strips a card carried by an uploaded PNG, so a private card never rides on a public picture', async () => {
    const carded = withPngText(makePng(), 'chara', Buffer.from('{"secret":true}').toString('base64'));
    const { body } = await upload(owner.cookie, carded, 'card.png');
    const served = await request(h.app).get(body.url);
    expect(readPngTexts(Buffer.from(served.body as Buffer))).toEqual([]);
  });
});
