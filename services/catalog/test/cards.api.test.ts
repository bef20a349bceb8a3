import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { CardImportResult, Character } from '@lakorn/contracts';
import { deflateSync } from 'node:zlib';
import { pngChunk, pngTextKeywords } from '../src/domain/pngText';
import { catalogForThisFile, characterInput, createCharacter, member } from './support/harness';
import { makeJpeg, makePng } from './support/images';

const h = catalogForThisFile('catalog_cards');

// Confirmed 18+: the exported character is spicy (README "Moderation and the age gate").
const owner = member({ adult: true });
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));

const binary = (res: request.Response) => Buffer.from(res.body as Buffer);
function parseBinary(res: import('superagent').Response, callback: (error: Error | null, body: Buffer) => void) {
  const parts: Buffer[] = [];
  res.on('data', (part: Buffer) => parts.push(part));
  res.on('end', () => callback(null, Buffer.concat(parts)));
}

function importCard(bytes: Buffer, filename: string) {
  return request(h.app).post('/api/upload/character-card').set('Cookie', owner.cookie).attach('card', bytes, filename);
}

const FIELDS = ['name', 'age', 'gender', 'genre', 'appearance', 'personality', 'firstMessage', 'background', 'exampleMessages', 'isPublic', 'isSpicy', 'description'] as const;
const pick = (c: Record<string, unknown>) => Object.fromEntries(FIELDS.map((f) => [f, c[f]]));

describe('character cards over HTTP (beyond the spec)', () => {
  it('imports the JSON and the PNG card made by another tool into the same draft; the PNG picture becomes the image', async () => {
    const json = await importCard(fixture('foreign-card-v2.json'), 'mali.json');
    expect(json.status).toBe(200);
    const png = await importCard(fixture('foreign-card-v2.png'), 'mali.png');
    expect(png.status).toBe(200);
    const fromJson = json.body as CardImportResult;
    const fromPng = png.body as CardImportResult;
    expect(fromJson.draft).toMatchObject({ name: 'Mali', genre: 'romantic', profileUrl: '' });
    expect({ ...fromPng.draft, profileUrl: '' }).toEqual(fromJson.draft);
    expect(fromPng.draft.profileUrl).toMatch(/^\/character-images\/[a-f0-9]{32}\.png$/);
    expect((await request(h.app).get(fromPng.draft.profileUrl)).status).toBe(200);
  });

  it('exports a Lakorn character as V2 JSON that imports back with the same fields', async () => {
    const created = (await createCharacter(h.app, owner.cookie, { genre: 'romantic', isSpicy: true })) as unknown as Character;
    const card = await request(h.app).get(`/api/characters/${created.id}/card`).set('Cookie', owner.cookie);
    expect(card.status).toBe(200);
    expect(card.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(card.body.spec).toBe('chara_card_v2');
    const back = await importCard(Buffer.from(JSON.stringify(card.body)), 'card.json');
    expect(back.status).toBe(200);
    expect(pick(back.body.draft)).toEqual(pick(created as unknown as Record<string, unknown>));
    // Saved again, it is the same character.
    const again = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send(back.body.draft);
    expect(again.status).toBe(201);
    expect(pick(again.body)).toEqual(pick(created as unknown as Record<string, unknown>));
  });

  it('exports a PNG card: the picture the browser drew, carrying the card, which imports back', async () => {
    const created = await createCharacter(h.app, owner.cookie);
    const res = await request(h.app)
      .post('/api/upload/character-card/png')
      .set('Cookie', owner.cookie)
      .field('characterId', created.id)
      .attach('image', makePng(32, 48), 'picture.png')
      .buffer(true)
      .parse(parseBinary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const exported = binary(res);
    expect(pngTextKeywords(exported)).toEqual(['chara']);
    const back = await importCard(exported, 'card.png');
    expect(pick(back.body.draft)).toEqual(pick(characterInput() as unknown as Record<string, unknown>));
  });

  it("refuses to export someone else's character, and a picture that is not a PNG", async () => {
    const other = member();
    const theirs = await createCharacter(h.app, other.cookie);
    expect((await request(h.app).get(`/api/characters/${theirs.id}/card`).set('Cookie', owner.cookie)).status).toBe(403);
    const mine = await createCharacter(h.app, owner.cookie);
    const jpeg = await request(h.app).post('/api/upload/character-card/png').set('Cookie', owner.cookie).field('characterId', mine.id).attach('image', makeJpeg(), 'p.jpg');
    expect(jpeg.status).toBe(400);
  });

  it('refuses a card whose compressed text would inflate to 64 MB with 400 ไฟล์ไม่ถูกต้อง (cardBudget.api.test.ts counts the bytes)', async () => {
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x41));
    const png = makePng();
    const iend = png.length - 12;
    const zTXt = pngChunk('zTXt', Buffer.concat([Buffer.from('chara\0\0', 'latin1'), bomb]));
    const res = await importCard(Buffer.concat([png.subarray(0, iend), zTXt, png.subarray(iend)]), 'bomb.png');
    // Inflated whole, the text would just be a broken card (การ์ดตัวละครไม่ถูกต้อง); the budget is what refuses it.
    expect([res.status, res.body.message]).toEqual([400, 'ไฟล์ไม่ถูกต้อง']);
  });

  it('refuses a card nested thousands of levels deep with a 400 (it passes JSON.parse, then overflowed the stack: a 500)', async () => {
    const deep = `{"spec":"chara_card_v2","data":{"name":"ลึก","extensions":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`;
    const res = await importCard(Buffer.from(deep), 'deep.json');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^การ์ดตัวละครไม่ถูกต้อง/);
  });

  it('explains a file without a card, and a broken card', async () => {
    const plain = await importCard(makePng(), 'plain.png');
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('ไม่พบข้อมูลการ์ดตัวละครในไฟล์นี้');
    const broken = await importCard(Buffer.from('{"spec":"chara_card_v2",'), 'broken.json');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^การ์ดตัวละครไม่ถูกต้อง/);
  });
});
