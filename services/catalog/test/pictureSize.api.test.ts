import request from 'supertest';
import { ERROR_CODES, UPLOAD_MESSAGES } from '@lakorn/contracts';
import { catalogForThisFile, createCharacter, member } from './support/harness';
import { makeBlankPng, makeGif, makeJpeg, makePng, makeWebp, makeWideWebp } from './support/images';
import { withPngText } from '../src/domain/pngText';

// README "Images": a picture's size is read from its header (never decoded) at every upload; over
// 50 megapixels or 8 192 px a side it is refused, since every phone that shows it would decode it
// whole (a 16 000 × 16 000 PNG is a 1 GB bitmap in ~30 KB).

const h = catalogForThisFile('catalog_picture_size');
const owner = member();

const TOO_MANY_PIXELS = { message: UPLOAD_MESSAGES.tooManyPixels, code: ERROR_CODES.validation };
const storedImages = () => h.connection.collection('character_images.files').countDocuments({});

function upload(bytes: Buffer, filename: string) {
  return request(h.app).post('/api/upload/character-image').set('Cookie', owner.cookie).attach('image', bytes, filename);
}

const card = Buffer.from(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'ใหญ่', personality: 'ใจดี', first_mes: 'สวัสดี' } })).toString('base64');

describe('picture dimensions, from the header (README "Images")', () => {
  it('refuses a 16 000 × 16 000 PNG (256 megapixels in a few KB) at upload with 413 and the Thai text, storing nothing', async () => {
    const bomb = makeBlankPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(100_000);
    const before = await storedImages();
    const res = await upload(bomb, 'bomb.png');
    expect([res.status, res.body]).toEqual([413, TOO_MANY_PIXELS]);
    expect(await storedImages()).toBe(before);
  });

  it.each([
    ['a JPEG 9 000 px wide', makeJpeg(2048, 9_000, 100), 'wide.jpg'],
    ['a JPEG 8 000 × 8 000 (64 megapixels)', makeJpeg(2048, 8_000, 8_000), 'big.jpg'],
    ['a WebP of 10 000 × 6 000', makeWideWebp(10_000, 6_000), 'big.webp'],
    ['a simple WebP 9 000 px tall', makeWebp(100, 9_000), 'tall.webp'],
    ['a GIF 8 193 px wide', makeGif(8_193, 1), 'wide.gif'],
    ['a GIF whose frame is larger than its screen', makeGif(10, 10, 9_000, 9_000), 'frame.gif'],
    ['a PNG of 8 192 × 6 104 (one row past 50 megapixels)', makeBlankPng(8_192, 6_104), 'edge.png'],
  ])('refuses %s at upload', async (_label, bytes, filename) => {
    const res = await upload(bytes, filename);
    expect([res.status, res.body]).toEqual([413, TOO_MANY_PIXELS]);
  });

  it('accepts 8 192 × 6 103 (just under 50 megapixels) and small pictures of every kind', async () => {
    for (const [bytes, filename] of [
      [makeBlankPng(8_192, 6_103), 'edge.png'],
      [makePng(), 'a.png'],
      [makeJpeg(), 'a.jpg'],
      [makeWebp(), 'a.webp'],
      [makeWideWebp(8_192, 100), 'a.webp'],
      [makeGif(), 'a.gif'],
    ] as const) {
      expect([filename, (await upload(bytes, filename)).status]).toEqual([filename, 201]);
    }
  });

  it('refuses a picture whose header names no size (a JPEG without a frame header) with 400 ไฟล์ไม่ถูกต้อง', async () => {
    const noFrame = makeJpeg();
    noFrame.fill(0x20, 20, 39); // the SOF0 segment, now filler
    noFrame[20] = 0xff;
    noFrame[21] = 0xda;
    const res = await upload(noFrame, 'odd.jpg');
    expect([res.status, res.body]).toEqual([400, { message: UPLOAD_MESSAGES.invalid, code: ERROR_CODES.validation }]);
  });

  it('refuses a 16 000 × 16 000 PNG card at import with 413, before its card is read, storing no picture', async () => {
    const bomb = withPngText(makeBlankPng(16_000, 16_000), 'chara', card);
    const before = await storedImages();
    const res = await request(h.app).post('/api/upload/character-card').set('Cookie', owner.cookie).attach('card', bomb, 'card.png');
    expect([res.status, res.body]).toEqual([413, TOO_MANY_PIXELS]);
    expect(await storedImages()).toBe(before);
    // The same card on a small picture imports.
    const small = await request(h.app).post('/api/upload/character-card').set('Cookie', owner.cookie).attach('card', withPngText(makePng(), 'chara', card), 'card.png');
    expect([small.status, small.body.draft?.name]).toEqual([200, 'ใหญ่']);
  });

  it('refuses to write a card into a picture over the limit (the PNG card export)', async () => {
    const mine = await createCharacter(h.app, owner.cookie);
    const res = await request(h.app)
      .post('/api/upload/character-card/png')
      .set('Cookie', owner.cookie)
      .field('characterId', mine.id)
      .attach('image', makeBlankPng(16_000, 16_000), 'p.png');
    expect([res.status, res.body]).toEqual([413, TOO_MANY_PIXELS]);
  });
});
