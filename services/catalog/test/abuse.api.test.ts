import request from 'supertest';
import { ABUSE_MESSAGES, ERROR_CODES, QUOTAS } from '@lakorn/contracts';
import { harnessPerFile } from '@lakorn/service-kit/testing';
import { UPLOAD_QUOTA_UNIT } from '../src/domain/characterImages';
import { pngTextKeywords } from '../src/domain/pngText';
import { catalogForThisFile, characterInput, createCharacter, member, startCatalog } from './support/harness';
import { makeCameraJpeg, makeCameraPng, makeCameraWebp, makeJpeg, makePng } from './support/images';

// Abuse limits (contracts QUOTAS): held by slot documents under a unique _id (ARCHITECTURE §2).
const small = harnessPerFile(() => startCatalog('catalog_quota_small', { service: { quotas: { charactersTotal: 3, uploadBytesPerDay: 4 * UPLOAD_QUOTA_UNIT } } }));
const real = catalogForThisFile('catalog_quota_real');

const QUOTA_REFUSAL = { message: ABUSE_MESSAGES.characterQuota, code: ERROR_CODES.quota };
const create = (cookie: string) => request(small.app).post('/api/characters').set('Cookie', cookie).send(characterInput());
const allowance = async (app: typeof small.app, cookie: string) => (await request(app).get('/api/characters/allowance').set('Cookie', cookie).expect(200)).body;

function upload(app: typeof small.app, cookie: string, bytes: Buffer, filename: string) {
  return request(app).post('/api/upload/character-image').set('Cookie', cookie).attach('image', bytes, { filename, contentType: 'image/jpeg' });
}

describe('characters: a total per member', () => {
  test('parallel creates at the limit admit exactly the allowance; the rest are 429 QUOTA in Thai', async () => {
    const { cookie } = member();
    expect(await allowance(small.app, cookie)).toEqual({ max: 3, left: 3 });
    await createCharacter(small.app, cookie);
    const results = await Promise.all(Array.from({ length: 6 }, () => create(cookie)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    expect(refused[0]!.body).toEqual(QUOTA_REFUSAL);
    expect(await allowance(small.app, cookie)).toEqual({ max: 3, left: 0 });
  });

  test('deleting a character frees its slot (a total, not a daily count)', async () => {
    const { cookie } = member();
    const made = [await createCharacter(small.app, cookie), await createCharacter(small.app, cookie), await createCharacter(small.app, cookie)];
    expect((await create(cookie)).status).toBe(429);
    await request(small.app).delete(`/api/characters/${made[1]!.id}`).set('Cookie', cookie).expect(204);
    expect(await allowance(small.app, cookie)).toEqual({ max: 3, left: 1 });
    expect((await create(cookie)).status).toBe(201);
    expect((await create(cookie)).status).toBe(429);
  });

  test('one member at the limit does not limit another', async () => {
    const full = member();
    for (let i = 0; i < 3; i++) await createCharacter(small.app, full.cookie);
    const other = member();
    expect((await create(other.cookie)).status).toBe(201);
  });

  test(`the real allowance is ${QUOTAS.charactersTotal} characters`, async () => {
    const { cookie } = member();
    for (let batch = 0; batch < QUOTAS.charactersTotal / 10; batch++) {
      const made = await Promise.all(Array.from({ length: 10 }, () => request(real.app).post('/api/characters').set('Cookie', cookie).send(characterInput())));
      expect(made.map((r) => r.status)).toEqual(Array(10).fill(201));
    }
    const over = await request(real.app).post('/api/characters').set('Cookie', cookie).send(characterInput());
    expect(over.status).toBe(429);
    expect(over.body).toEqual(QUOTA_REFUSAL);
    expect(await allowance(real.app, cookie)).toEqual({ max: QUOTAS.charactersTotal, left: 0 });
  }, 60_000);
});

describe('upload bytes: a daily allowance per member', () => {
  test('uploads past the day’s bytes are 429 QUOTA in Thai; parallel ones admit exactly what fits', async () => {
    const { cookie } = member();
    // Four units a day; each picture below takes one (at most 256 KB).
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => upload(small.app, cookie, makeJpeg(1000 + i), `p${i}.jpg`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    const refused = results.find((r) => r.status === 429);
    expect(refused?.body).toEqual({ message: ABUSE_MESSAGES.uploadQuota, code: ERROR_CODES.quota });
  });

  test('a picture counts by its size: one of 3 units leaves room for one more unit only', async () => {
    const { cookie } = member();
    expect((await upload(small.app, cookie, makeJpeg(3 * UPLOAD_QUOTA_UNIT - 100), 'big.jpg')).status).toBe(201);
    expect((await upload(small.app, cookie, makeJpeg(2 * UPLOAD_QUOTA_UNIT), 'two.jpg')).status).toBe(429);
    expect((await upload(small.app, cookie, makeJpeg(1000), 'one.jpg')).status).toBe(201);
  });
});

describe('image metadata is stripped on upload (the picture is served to everyone)', () => {
  const served = async (url: string) => Buffer.from((await request(real.app).get(url).expect(200)).body as Buffer);

  test('a JPEG loses its EXIF (GPS included), XMP and comment; its colour profile and scan stay', async () => {
    const { cookie } = member();
    const { bytes, icc, scan } = makeCameraJpeg();
    expect(bytes.includes('GPS')).toBe(true);
    const res = await upload(real.app, cookie, bytes, 'phone.jpg');
    expect(res.status).toBe(201);
    const out = await served(res.body.url);
    for (const text of ['Exif', 'GPS', 'xmpmeta', 'shot at home']) expect(out.includes(text)).toBe(false);
    expect(out.includes(icc)).toBe(true);
    expect(out.subarray(out.length - scan.length).equals(scan)).toBe(true);
    expect(out.subarray(0, 4).equals(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
  });

  test('a PNG loses its text, eXIf and tIME chunks; its pixels stay', async () => {
    const { cookie } = member();
    const res = await upload(real.app, cookie, makeCameraPng(), 'shot.png');
    const out = await served(res.body.url);
    expect(pngTextKeywords(out)).toEqual([]);
    for (const text of ['eXIf', 'tIME', 'GPS']) expect(out.includes(text)).toBe(false);
    expect(out.equals(makePng())).toBe(true);
  });

  test('a WebP loses its EXIF and XMP chunks and the VP8X flags that announce them', async () => {
    const { cookie } = member();
    const res = await upload(real.app, cookie, makeCameraWebp(), 'shot.webp');
    const out = await served(res.body.url);
    for (const text of ['EXIF', 'XMP ', 'GPS']) expect(out.includes(text)).toBe(false);
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    expect(out[20]).toBe(0x10);
  });
});

describe('orphaned uploads', () => {
  test('an upload no character shows is removed once a day old; a young one, a used one and an admin’s stay', async () => {
    const { cookie } = member();
    const admin = member({ isAdmin: true });
    const url = async (who: string) => (await upload(real.app, who, makePng(), 'x.png').expect(201)).body.url as string;
    const [oldOrphan, youngOrphan, used, news] = [await url(cookie), await url(cookie), await url(cookie), await url(admin.cookie)];
    await createCharacter(real.app, cookie, { profileUrl: used });
    const files = real.connection.collection('character_images.files');
    const twoDaysAgo = new Date(Date.now() - 2 * QUOTAS.orphanUploadMaxAgeMs);
    for (const old of [oldOrphan, used, news]) await files.updateOne({ filename: old.split('/').pop() }, { $set: { uploadDate: twoDaysAgo } });

    expect(await real.service.images.sweepOrphans()).toBe(1);
    expect((await request(real.app).get(oldOrphan)).status).toBe(404);
    for (const kept of [youngOrphan, used, news]) expect((await request(real.app).get(kept)).status).toBe(200);
  });
});
