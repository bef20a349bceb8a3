import { PublicCharactersPage } from '@lakorn/contracts';
import { CARD_JSON_KEPT, DiscoverIndex, decodeCursor, type ListingSource } from '../../src/domain/discoverIndex';
import { InvalidCursor } from '../../src/domain/errors';

let counter = 0;
function character(overrides: Partial<ListingSource> = {}): ListingSource {
  counter += 1;
  const at = new Date(Date.UTC(2024, 0, 1, 0, counter));
  return {
    id: `c${String(counter).padStart(4, '0')}`,
    userId: 'owner',
    name: `ตัวละคร ${counter}`,
    age: '',
    gender: 'female',
    genre: 'romantic',
    isPublic: true,
    isSpicy: false,
    description: 'คำอธิบาย',
    personality: 'ใจดี',
    profileUrl: '',
    rank: counter * 1000,
    version: 1,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function allPages(index: DiscoverIndex, request: Omit<Parameters<DiscoverIndex['page']>[0], 'cursor'>): string[] {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = index.page({ ...request, cursor });
    ids.push(...page.characters.map((c) => c.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('paging did not end');
}

describe('the discover index', () => {
  it('pages through every public character exactly once, in rank order rotated to the seed', () => {
    const index = new DiscoverIndex();
    const items = Array.from({ length: 23 }, (_, i) => character({ rank: ((i * 7919) % 23) * 100 }));
    items.forEach((c) => index.upsert(c));
    const seed = 1150; // between ranks 1100 and 1200
    const ids = allPages(index, { excludeUserId: 'viewer', seed, limit: 5 });
    expect(new Set(ids).size).toBe(23);
    const ranks = ids.map((id) => items.find((c) => c.id === id)?.rank ?? -1);
    const rotated = ranks.map((r) => (r - seed + 2 ** 32) % 2 ** 32);
    expect(rotated).toEqual([...rotated].sort((a, b) => a - b));
    expect(ranks[0]).toBe(1200);
  });

  it('gives different sessions (seeds) different starting points', () => {
    const index = new DiscoverIndex();
    for (let i = 0; i < 10; i++) index.upsert(character({ rank: i * 100 }));
    const first = (seed: number) => index.page({ excludeUserId: 'v', seed, limit: 3 }).characters.map((c) => c.id);
    expect(first(0)).not.toEqual(first(550));
  });

  it("excludes the viewer's own characters and private ones (spec §5)", () => {
    const index = new DiscoverIndex();
    const mine = character({ userId: 'viewer' });
    const hidden = character({ isPublic: false });
    const shown = character();
    [mine, hidden, shown].forEach((c) => index.upsert(c));
    const ids = index.page({ excludeUserId: 'viewer', seed: 0, limit: 10 }).characters.map((c) => c.id);
    expect(ids).toEqual([shown.id]);
  });

  it('filters by genre and by a Thai substring, and pages the matches', () => {
    const index = new DiscoverIndex();
    const wanted = Array.from({ length: 7 }, () => character({ genre: 'adventure', personality: 'นักดาบผู้กล้าหาญแห่งทิศเหนือ' }));
    for (let i = 0; i < 30; i++) index.upsert(character({ genre: i % 2 ? 'adventure' : 'daily' }));
    wanted.forEach((c) => index.upsert(c));
    index.upsert(character({ genre: 'daily', personality: 'นักดาบผู้กล้าหาญ' }));
    const ids = allPages(index, { excludeUserId: 'v', seed: 0, limit: 2, genre: 'adventure', q: 'ผู้กล้าหาญ' });
    expect(ids.sort()).toEqual(wanted.map((c) => c.id).sort());
  });

  it('keeps paging stable when characters are added and removed between pages', () => {
    const index = new DiscoverIndex();
    const items = Array.from({ length: 12 }, (_, i) => character({ rank: i * 100 }));
    items.forEach((c) => index.upsert(c));
    const first = index.page({ excludeUserId: 'v', seed: 0, limit: 4 });
    index.remove(items[4]?.id ?? ''); // the first entry of the next page
    index.upsert(character({ rank: 50 })); // lands before the cursor: already "seen" in this order
    const second = index.page({ excludeUserId: 'v', seed: 0, limit: 4, cursor: first.nextCursor ?? undefined });
    expect(second.characters.map((c) => c.id)).toEqual(items.slice(5, 9).map((c) => c.id));
  });

  it('ignores an older version of a character and refuses to revive a removed one', () => {
    const index = new DiscoverIndex();
    const v2 = character({ version: 2, name: 'ใหม่' });
    index.upsert(v2);
    expect(index.upsert({ ...v2, version: 1, name: 'เก่า' })).toBe(false);
    expect(index.summary(v2.id)?.name).toBe('ใหม่');
    index.remove(v2.id);
    expect(index.upsert({ ...v2, version: 3 })).toBe(false);
    expect(index.summary(v2.id)).toBeUndefined();
  });

  it('counts likes as distinct likers and joins the creator username', () => {
    const index = new DiscoverIndex();
    const c = character({ userId: 'creator' });
    index.upsert(c);
    index.setCreator('creator', 'มะลิ');
    expect(index.addLike(c.id, 'a')).toBe(true);
    expect(index.addLike(c.id, 'a')).toBe(false);
    expect(index.addLike(c.id, 'b')).toBe(true);
    expect(index.summary(c.id)).toMatchObject({ likes: 2, creatorUsername: 'มะลิ' });
    index.removeLikesOf('a');
    expect(index.likeCount(c.id)).toBe(1);
    expect(index.hasLiked(c.id, 'b')).toBe(true);
  });

  it("lists a member's characters newest first: all for the member, public ones for others", () => {
    const index = new DiscoverIndex();
    const older = character({ userId: 'm' });
    const secret = character({ userId: 'm', isPublic: false });
    [older, secret].forEach((c) => index.upsert(c));
    expect(index.listForUser('m', 'm').map((c) => c.id)).toEqual([secret.id, older.id]);
    expect(index.listForUser('m', 'someone').map((c) => c.id)).toEqual([older.id]);
  });

  it('uses the public description as card text only when there is one (spec §2), with a 50-character personality preview', () => {
    const index = new DiscoverIndex();
    const long = 'ก'.repeat(60);
    const c = character({ personality: long });
    index.upsert(c);
    expect(index.summary(c.id)?.personalityPreview).toBe(`${'ก'.repeat(50)}...`);
  });

  it('refuses a cursor it did not make', () => {
    expect(() => decodeCursor('{"$gt":""}')).toThrow(InvalidCursor);
    expect(() => decodeCursor('zzzzzzzz.abc')).toThrow(InvalidCursor);
    expect(decodeCursor('rs.c1')).toEqual({ rank: parseInt('rs', 36), id: 'c1' });
  });

  it('orders a bulk load as one-by-one upserts do, keeping only the newest version of a character added twice', async () => {
    const sources = [5, 3, 9, 1, 7, 3, 2].map((r, i) => character({ rank: r * 7919, userId: i % 2 ? 'a' : 'b', genre: i % 3 ? 'romantic' : 'daily' }));
    const replaced = { ...(sources[2] as ListingSource), version: 2, name: 'รุ่นสอง', rank: 4 };
    const hidden = { ...(sources[4] as ListingSource), version: 2, isPublic: false };
    const one = new DiscoverIndex();
    for (const source of [...sources, replaced, hidden]) one.upsert(source);
    const bulk = new DiscoverIndex();
    await bulk.load(async (add) => {
      for (const source of [replaced, ...sources.reverse(), hidden]) add(source);
    });
    for (const seed of [0, 20_000, 2 ** 31]) {
      expect(allPages(bulk, { excludeUserId: 'x', seed, limit: 2 })).toEqual(allPages(one, { excludeUserId: 'x', seed, limit: 2 }));
    }
    expect(bulk.publicSize).toBe(sources.length - 1);
    expect(bulk.summary(replaced.id)?.name).toBe('รุ่นสอง');
    // After the load, writes go to their place again.
    bulk.upsert(character({ rank: 0 }));
    expect(bulk.page({ excludeUserId: 'x', seed: 0, limit: 1 }).characters[0]?.id).toBe(`c${String(counter).padStart(4, '0')}`);
  });

  describe('the listing as JSON bytes (cards serialised once per version)', () => {
    const request = { excludeUserId: 'viewer', seed: 0, limit: 4 };
    const bytesOf = (index: DiscoverIndex, extra: Partial<Parameters<DiscoverIndex['page']>[0]> = {}) =>
      JSON.parse(index.pageJson({ ...request, ...extra }).toString('utf8')) as unknown;

    it('answers exactly the page, as the contract reads it, with Thai, quotes, emoji and control characters', () => {
      const index = new DiscoverIndex();
      index.upsert(character({ name: 'น้ำ "ใส" \\ ทดสอบ', description: 'บรรทัด\nใหม่ 👨‍👩‍👧 \u0000 </script>' }));
      for (let i = 0; i < 5; i++) index.upsert(character({ userId: `owner${i % 2}` }));
      index.setCreator('owner0', 'ผู้สร้าง "หนึ่ง"');
      index.addLike('c0001', 'fan');
      const first = index.page(request);
      expect(bytesOf(index)).toEqual(first);
      expect(PublicCharactersPage.parse(bytesOf(index))).toEqual(first);
      expect(index.pageJson(request).toString('utf8')).toBe(JSON.stringify(first));
      expect(bytesOf(index, { cursor: first.nextCursor ?? undefined })).toEqual(index.page({ ...request, cursor: first.nextCursor ?? undefined }));
      expect(bytesOf(index, { q: 'ใส' })).toEqual(index.page({ ...request, q: 'ใส' }));
    });

    it('shows a new like, a renamed creator and a new version at once, though the card was serialised before', () => {
      const index = new DiscoverIndex();
      const original = character({ userId: 'maker' });
      index.upsert(original);
      index.pageJson(request);
      index.addLike(original.id, 'fan');
      index.setCreator('maker', 'ชื่อใหม่');
      expect(bytesOf(index)).toEqual(index.page(request));
      expect((bytesOf(index) as { characters: Array<{ likes: number; creatorUsername: string }> }).characters[0]).toMatchObject({ likes: 1, creatorUsername: 'ชื่อใหม่' });
      index.upsert({ ...original, name: 'แก้ชื่อแล้ว', version: 2 });
      expect(bytesOf(index)).toEqual(index.page(request));
      expect((bytesOf(index) as { characters: Array<{ name: string; version: number }> }).characters[0]).toMatchObject({ name: 'แก้ชื่อแล้ว', version: 2 });
      index.remove(original.id);
      expect(bytesOf(index)).toEqual({ characters: [], nextCursor: null });
    });

    it(`keeps at most ${CARD_JSON_KEPT} cards serialised and still answers the oldest ones right`, async () => {
      const index = new DiscoverIndex();
      const many = Array.from({ length: CARD_JSON_KEPT + 5 }, (_, i) => character({ rank: i }));
      await index.load(async (add) => many.forEach((c) => add(c)));
      const all = { excludeUserId: 'viewer', seed: 0, limit: many.length };
      index.pageJson(all);
      expect((index as unknown as { cards: Map<unknown, unknown> }).cards.size).toBe(CARD_JSON_KEPT);
      expect(JSON.parse(index.pageJson({ ...all, limit: 3 }).toString('utf8'))).toEqual(index.page({ ...all, limit: 3 }));
    });
  });
});
