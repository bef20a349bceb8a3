import { deflateSync } from 'node:zlib';
import request from 'supertest';
import { ERROR_CODES, LIMITS } from '@lakorn/contracts';
import { createMetrics, type ServiceMetrics } from '@lakorn/service-kit';
import { harnessPerFile, metricValue, parseMetrics } from '@lakorn/service-kit/testing';
import { pngChunk } from '../src/domain/pngText';
import { characterInput, createCharacter, member, startCatalog } from './support/harness';
import { makePng } from './support/images';

// README "Cards": a card file is read within a fixed budget, whatever it holds. The work is
// asserted from the catalog's own counters (chunks walked, bytes inflated), never from a clock;
// bench/catalog/cardBomb measures the time and memory.

const metrics: ServiceMetrics = createMetrics();
const h = harnessPerFile(() => startCatalog('catalog_card_budget', { service: { metrics } }));
const owner = member();

const INVALID_FILE = { message: 'ไฟล์ไม่ถูกต้อง', code: ERROR_CODES.validation };
const MB = 1024 * 1024;

/** The catalog's reading work so far: PNG chunks walked, text chunks inflated, bytes inflated. */
async function work() {
  const samples = parseMetrics(await metrics.registry.metrics());
  return {
    chunksWalked: metricValue(samples, 'lakorn_catalog_png_chunks_walked_total'),
    textsInflated: metricValue(samples, 'lakorn_catalog_png_texts_inflated_total'),
    bytesInflated: metricValue(samples, 'lakorn_catalog_png_bytes_inflated_total'),
  };
}
async function workOf(send: () => Promise<request.Response>) {
  const before = await work();
  const res = await send();
  const after = await work();
  return {
    res,
    chunksWalked: after.chunksWalked - before.chunksWalked,
    textsInflated: after.textsInflated - before.textsInflated,
    bytesInflated: after.bytesInflated - before.bytesInflated,
  };
}

const importCard = (bytes: Buffer) => () => request(h.app).post('/api/upload/character-card').set('Cookie', owner.cookie).attach('card', bytes, 'card.png');

/** A zTXt chunk (keyword, NUL, method 0, zlib data) whose text inflates to `text`. */
const zTXt = (keyword: string, text: Buffer) => pngChunk('zTXt', Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), deflateSync(text, { level: 9 })]));

/** An 8×8 PNG with these chunks just before its IEND. */
function pngWith(chunks: Buffer[]): Buffer {
  const png = makePng();
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), ...chunks, png.subarray(iend)]);
}

const card = (name: string) => Buffer.from(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name, personality: 'ใจดี', first_mes: 'สวัสดี' } })).toString('base64');

describe('a PNG card is read within a fixed budget (README "Cards")', () => {
  it('refuses the 5 MB chunk bomb (4 950 zTXt chunks of 1 KB, each inflating to 1 MB) with 400 ไฟล์ไม่ถูกต้อง, inflating nothing and walking at most 64 text chunks', async () => {
    const chunk = zTXt('chara', Buffer.alloc(MB, 0x41));
    const count = Math.floor((LIMITS.imageBytes - makePng().length) / chunk.length);
    expect(count).toBeGreaterThanOrEqual(4_950);
    const bomb = pngWith(Array.from({ length: count }, () => chunk));
    expect(bomb.length).toBeLessThanOrEqual(LIMITS.imageBytes);

    const { res, chunksWalked, textsInflated, bytesInflated } = await workOf(importCard(bomb));
    expect([res.status, res.body]).toEqual([400, INVALID_FILE]);
    // The old reader inflated every chunk: 4 950 MB.
    expect(bytesInflated).toBe(0);
    expect(textsInflated).toBe(0);
    // IHDR, IDAT, then the text chunks up to the 65th, which is past the budget.
    expect(chunksWalked).toBeGreaterThan(64);
    expect(chunksWalked).toBeLessThanOrEqual(2 + 65);
  });

  it('inflates only the first ccv3 and chara chunks, never another keyword: a card among 50 one-megabyte zTXt comments costs its own bytes', async () => {
    const text = Buffer.from(card('มะลิ'), 'latin1');
    const comments = Array.from({ length: 50 }, () => zTXt('Comment', Buffer.alloc(MB, 0x41)));
    const png = pngWith([...comments, zTXt('chara', text), zTXt('chara', Buffer.alloc(MB, 0x41))]);

    const { res, textsInflated, bytesInflated, chunksWalked } = await workOf(importCard(png));
    expect(res.status).toBe(200);
    expect(res.body.draft.name).toBe('มะลิ');
    expect(textsInflated).toBe(1);
    expect(bytesInflated).toBe(text.length);
    expect(chunksWalked).toBeGreaterThanOrEqual(2 + 52);
  });

  it('refuses a ccv3 text that inflates past 1 MB with 400 ไฟล์ไม่ถูกต้อง, stopping at the budget (the old reader inflated every comment first)', async () => {
    const comments = Array.from({ length: 40 }, () => zTXt('Comment', Buffer.alloc(MB, 0x41)));
    const png = pngWith([...comments, zTXt('ccv3', Buffer.alloc(64 * MB, 0x41)), zTXt('chara', Buffer.from(card('มะลิ'), 'latin1'))]);

    const { res, textsInflated, bytesInflated } = await workOf(importCard(png));
    expect([res.status, res.body]).toEqual([400, INVALID_FILE]);
    expect(textsInflated).toBe(1);
    // Inflating stops within one zlib output chunk (16 KB) of the 1 MB budget.
    expect(bytesInflated).toBeGreaterThan(MB);
    expect(bytesInflated).toBeLessThanOrEqual(MB + 64 * 1024);
  });

  it('refuses a JSON card over 1 MB with 400 ไฟล์ไม่ถูกต้อง (5 MB of JSON held the event loop for half a second)', async () => {
    const json = Buffer.from(`{"spec":"chara_card_v2","data":{"name":"x","mes_example":${JSON.stringify('ก'.repeat(400_000))}}}`);
    expect(json.length).toBeGreaterThan(MB);
    const res = await request(h.app).post('/api/upload/character-card').set('Cookie', owner.cookie).attach('card', json, 'card.json');
    expect([res.status, res.body.message, res.body.code]).toEqual([400, INVALID_FILE.message, INVALID_FILE.code]);
  });
});

describe("a card's extra data nests no deeper than a card may (README \"Cards\")", () => {
  const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;

  it("refuses cardExtras nested 16 000 deep with 400 VALIDATION (its export was a 500), the lorebook's and an entry's too", async () => {
    expect(deep(16_000).length).toBeLessThanOrEqual(32_768);
    const character = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send(characterInput({ cardExtras: deep(16_000) }));
    expect([character.status, character.body.code]).toEqual([400, ERROR_CODES.validation]);
    const book = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send(characterInput({ lorebook: { entries: [], budgetTokens: 1024, scanDepth: 4, cardExtras: deep(16_000) } }));
    expect([book.status, book.body.code]).toEqual([400, ERROR_CODES.validation]);
    const entry = { keys: ['ป่า'], secondaryKeys: [], content: 'ป่าใหญ่', enabled: true, constant: false, order: 100, matchSubstring: false, cardExtras: deep(2_000) };
    const entries = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send(characterInput({ lorebook: { entries: [entry], budgetTokens: 1024, scanDepth: 4, cardExtras: '' } }));
    expect([entries.status, entries.body.code]).toEqual([400, ERROR_CODES.validation]);
    // 32 levels, as deep as an imported card may nest, are kept.
    const kept = await request(h.app).post('/api/characters').set('Cookie', owner.cookie).send(characterInput({ cardExtras: `{"a":${'['.repeat(31)}${']'.repeat(31)}}` }));
    expect(kept.status).toBe(201);
  });

  it('exports a character whose stored cardExtras nest 16 000 deep (stored before the limit) without them: 200, never a 500', async () => {
    const created = await createCharacter(h.app, owner.cookie, { cardExtras: '{"scenario":"ตลาดน้ำ"}' });
    const entry = { keys: ['ป่า'], secondaryKeys: [], content: 'ป่าใหญ่', enabled: true, constant: false, order: 100, matchSubstring: false, cardExtras: deep(16_000) };
    await h.connection.collection('characters').updateOne(
      { _id: created.id as never },
      { $set: { cardExtras: deep(16_000), lorebook: { entries: [entry], budgetTokens: 1024, scanDepth: 4, cardExtras: deep(16_000) } } },
    );
    const res = await request(h.app).get(`/api/characters/${created.id}/card`).set('Cookie', owner.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data.a).toBeUndefined();
    expect(res.body.data.character_book.entries[0].content).toBe('ป่าใหญ่');
    expect(JSON.stringify(res.body)).not.toContain('[[[');
  });
});
