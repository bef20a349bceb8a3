import request from 'supertest';
import { createCharacter, member, startCatalog, type Harness } from './support/harness';

let h: Harness;
const viewer = member();
const creator = member();
const other = member();
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startCatalog('catalog_discover');
  await h.service.catalog.setCreator(creator.actor.id, 'นักเขียน');
  ids.sea = (await createCharacter(h.app, creator.cookie, { name: 'นางเงือกแห่งท้องทะเล', genre: 'romantic', personality: 'อ่อนหวาน', description: 'เจ้าหญิงใต้สมุทร' })).id;
  ids.knight = (await createCharacter(h.app, creator.cookie, { name: 'Sir Arthur', genre: 'adventure', personality: 'กล้าหาญ ซื่อสัตย์ ชอบผจญภัยในป่าลึก', description: 'อัศวินโต๊ะกลม' })).id;
  ids.cafe = (await createCharacter(h.app, other.cookie, { name: 'บาริสต้า', genre: 'daily', personality: 'ชงกาแฟเก่ง ชอบคุยกับลูกค้า', description: 'ร้านกาแฟหัวมุม' })).id;
  ids.friend = (await createCharacter(h.app, other.cookie, { name: 'เพื่อนซี้', genre: 'friendship', personality: 'ร่าเริง', description: 'เพื่อนรักสมัยเรียน' })).id;
  ids.secret = (await createCharacter(h.app, other.cookie, { name: 'ความลับทะเล', genre: 'romantic', isPublic: false, description: '' })).id;
  ids.mine = (await createCharacter(h.app, viewer.cookie, { name: 'ของฉันเองทะเล', genre: 'romantic' })).id;
});
afterAll(() => h.close());

async function list(query: Record<string, string | number>) {
  const res = await request(h.app).get('/api/characters/public').query(query).set('Cookie', viewer.cookie);
  expect(res.status).toBe(200);
  return res.body as { characters: Array<{ id: string; creatorUsername: string; personalityPreview: string }>; nextCursor: string | null };
}

describe('GET /api/characters/public (spec §2 discover, §5 search)', () => {
  it("lists public characters of others only: never private ones, never the viewer's own", async () => {
    const page = await list({});
    expect(page.characters.map((c) => c.id).sort()).toEqual([ids.sea, ids.knight, ids.cafe, ids.friend].sort());
    expect(page.nextCursor).toBeNull();
  });

  it('filters by genre; "all" means every genre', async () => {
    expect((await list({ genre: 'adventure' })).characters.map((c) => c.id)).toEqual([ids.knight]);
    expect((await list({ genre: 'all' })).characters).toHaveLength(4);
  });

  it('finds a Thai substring of name, personality or description', async () => {
    expect((await list({ q: 'เงือก' })).characters.map((c) => c.id)).toEqual([ids.sea]);
    expect((await list({ q: 'ผจญภัยในป่า' })).characters.map((c) => c.id)).toEqual([ids.knight]);
    expect((await list({ q: 'หัวมุม' })).characters.map((c) => c.id)).toEqual([ids.cafe]);
    // "ทะเล" is also in a private character and in the viewer's own: neither is found.
    expect((await list({ q: 'ทะเล' })).characters.map((c) => c.id)).toEqual([ids.sea]);
  });

  it('ignores case and surrounding spaces, and combines search with genre', async () => {
    expect((await list({ q: '  sir ARTHUR ' })).characters.map((c) => c.id)).toEqual([ids.knight]);
    expect((await list({ q: 'ร', genre: 'friendship' })).characters.map((c) => c.id)).toEqual([ids.friend]);
    expect((await list({ q: 'ไม่มีใครชื่อนี้' })).characters).toEqual([]);
  });

  it("shows each card with its creator's username", async () => {
    const page = await list({ q: 'เงือก' });
    expect(page.characters[0]).toMatchObject({ creatorUsername: 'นักเขียน', personalityPreview: 'อ่อนหวาน' });
  });

  it('pages with a cursor in the same seeded order, each character once', async () => {
    for (const seed of [0, 123456789, 4294967295]) {
      const all = (await list({ seed, limit: 50 })).characters.map((c) => c.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list({ seed, limit: 1, ...(cursor ? { cursor } : {}) });
        seen.push(...page.characters.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    }
  });

  it('refuses a bad limit, seed, genre or cursor with 400', async () => {
    for (const query of [{ limit: 0 }, { limit: 51 }, { seed: -1 }, { genre: 'horror' }, { cursor: 'not-a-cursor' }]) {
      const res = await request(h.app).get('/api/characters/public').query(query).set('Cookie', viewer.cookie);
      expect(res.status).toBe(400);
    }
  });

  it('answers a listing as JSON kept by no cache: no-store, with its length and no ETag to revalidate', async () => {
    const res = await request(h.app).get('/api/characters/public').set('Cookie', viewer.cookie).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    expect(res.headers.etag).toBeUndefined();
    expect(JSON.parse(res.text)).toEqual(res.body);
  });

  it('requires a session', async () => {
    expect((await request(h.app).get('/api/characters/public')).status).toBe(401);
  });
});
