import request from 'supertest';
import { GENDERS, GENRES, type Genre } from '@lakorn/contracts';
import { silentLogger } from '@lakorn/service-kit';
import { catalogCollections, type CharacterDoc } from '../src/data/models';
import { listingOf } from '../src/domain/characters';
import { DiscoverIndex } from '../src/domain/discoverIndex';
import { createCatalogService } from '../src/service';
import { catalogForThisFile, characterInput, createCharacter, member } from './support/harness';

// The catalog's start builds the discover index in bulk, from a projection of the stored
// characters (DiscoverIndex.load) or from a persisted snapshot and the discover log since
// (domain/discoverSnapshot.ts). Whatever it answers must be what an index built from the full
// documents, one write at a time, answers.

const h = catalogForThisFile('catalog_start_load');

const WORDS = ['ทะเล', 'ดาว', 'ฝน', 'ภูเขา', 'Moon', 'รัก'];
const COUNT = 240;

function storedCharacter(i: number): CharacterDoc {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000);
  const word = (k: number) => WORDS[(i * k) % WORDS.length] ?? '';
  return {
    _id: `start${String(i).padStart(19, '0')}`,
    userId: `creator${i % 7}`,
    name: `${word(1)} ${i}`,
    age: String(18 + (i % 40)),
    gender: GENDERS[i % GENDERS.length] ?? 'female',
    genre: GENRES[i % GENRES.length] ?? 'romantic',
    appearance: `ผมยาว ${word(5)}`.repeat(20),
    personality: `ใจดี ${word(2)} ชอบ${word(3)} `.repeat(1 + (i % 30)),
    firstMessage: 'สวัสดีค่ะ',
    background: `เกิดที่${word(4)}`.repeat(30),
    exampleMessages: '',
    isPublic: i % 5 !== 0,
    isSpicy: i % 11 === 0,
    description: i % 3 === 0 ? '' : `เรื่องของ${word(6)}`,
    profileUrl: i % 4 === 0 ? `/character-images/${i}.png` : '',
    cardExtras: '',
    alternateGreetings: [],
    creatorNotesMultilingual: {},
    // Spread over the uint32 range, with a few shared ranks (ties are ordered by id).
    rank: ((i * 2_654_435_761) >>> 0) - (i % 10 === 0 ? 1 : 0),
    version: 1 + (i % 3),
    createdAt: at,
    updatedAt: new Date(at.getTime() + (i % 3) * 1000),
  };
}

type Listing = { genre?: Genre; q?: string; excludeUserId: string; seed: number };
const LISTINGS: Listing[] = [
  { excludeUserId: 'nobody', seed: 0 },
  { excludeUserId: 'creator1', seed: 1_234_567_890 },
  { excludeUserId: 'nobody', seed: 4_000_000_000, genre: 'daily' },
  ...WORDS.map((q, k) => ({ excludeUserId: `creator${k}`, seed: k * 700_000_000, q })),
  { excludeUserId: 'nobody', seed: 99, q: 'ไม่มีคำนี้' },
];

/** Every listing, genre, search and member list the two indexes answer are the same. */
function expectSameAnswers(actual: DiscoverIndex, expected: DiscoverIndex): void {
  for (const listing of LISTINGS) {
    const cards = allPages(actual, listing);
    expect(cards).toEqual(allPages(expected, listing));
    if (!listing.q?.startsWith('ไม่มี')) expect(cards.length).toBeGreaterThan(0);
  }
  for (const userId of ['creator0', 'creator6']) {
    expect(actual.listForUser(userId, userId)).toEqual(expected.listForUser(userId, userId));
    expect(actual.listForUser(userId, 'someone')).toEqual(expected.listForUser(userId, 'someone'));
  }
}

const startService = (now?: () => Date) =>
  createCatalogService({ connection: h.connection, logger: silentLogger(), outbox: { enqueue: async () => undefined }, snapshotIntervalMs: 0, now });

function allPages(index: DiscoverIndex, request: Listing): unknown[] {
  const cards: unknown[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = index.page({ ...request, cursor, limit: 20 });
    cards.push(...page.characters);
    if (!page.nextCursor) return cards;
    cursor = page.nextCursor;
  }
  throw new Error('paging did not end');
}

const stored = Array.from({ length: COUNT }, (_, i) => storedCharacter(i));

describe("the catalog's start", () => {
  beforeAll(async () => {
    const c = catalogCollections(h.connection);
    await c.characters.insertMany(stored);
    await c.likes.insertMany(stored.slice(0, 30).map((doc, k) => ({ _id: `${doc._id}:fan${k % 4}`, characterId: doc._id, userId: `fan${k % 4}`, createdAt: new Date() })));
    await c.creators.insertMany([0, 1, 2, 3].map((k) => ({ _id: `creator${k}`, username: `ผู้สร้าง${k}`, updatedAt: new Date() })));
  });

  it('builds an index from the database that answers every listing, genre, search and member list as one built from the full documents does', async () => {
    const c = catalogCollections(h.connection);
    const started = startService();
    expect(await started.catalog.load()).toEqual({ characters: COUNT, likes: 30, creators: 4 });
    const atStart = started.index;

    const reference = new DiscoverIndex();
    for (const doc of await c.characters.find({}).toArray()) reference.upsert(listingOf(doc));
    for (const like of await c.likes.find({}).toArray()) reference.addLike(like.characterId, like.userId);
    for (const creator of await c.creators.find({}).toArray()) reference.setCreator(creator._id, creator.username);

    expect(atStart.publicSize).toBe(stored.filter((doc) => doc.isPublic).length);
    expectSameAnswers(atStart, reference);
  });

  it('starts from a snapshot plus the changes logged after it, answering as a start from the database does', async () => {
    const first = startService();
    expect(await first.openIndex()).toEqual({ from: 'database', characters: COUNT });
    await first.snapshots.save();
    await first.closeIndex();

    // Written after the snapshot (by another instance): a new character, an edit, a delete, a like, a name.
    const owner = member({ id: 'creator0' });
    const fan = member();
    await createCharacter(h.app, member().cookie, { name: 'หลังภาพทะเล', personality: 'มาทีหลัง' });
    await request(h.app).put(`/api/characters/${stored[7]?._id}`).set('Cookie', owner.cookie).send(characterInput({ name: 'แก้หลังภาพ' })).expect(200);
    await request(h.app).delete(`/api/characters/${stored[14]?._id}`).set('Cookie', owner.cookie).expect(204);
    await request(h.app).post(`/api/characters/${stored[21]?._id}/like`).set('Cookie', fan.cookie).send({}).expect(200);
    await h.service.catalog.setCreator('creator6', 'ชื่อใหม่');

    const fromSnapshot = startService();
    expect(await fromSnapshot.openIndex()).toEqual({ from: 'snapshot', characters: COUNT });
    const fromDatabase = startService();
    await fromDatabase.catalog.load();
    try {
      expect(fromSnapshot.index.summary(stored[7]?._id ?? '')).toMatchObject({ name: 'แก้หลังภาพ', version: 2 + (7 % 3) });
      expect(fromSnapshot.index.has(stored[14]?._id ?? '')).toBe(false);
      expectSameAnswers(fromSnapshot.index, fromDatabase.index);
    } finally {
      await fromSnapshot.closeIndex();
    }
  });

  it('loads from the database, completely, when a block of the snapshot is gone', async () => {
    const manifest = await catalogCollections(h.connection).discoverSnapshots.findOne({ _id: 'current' });
    expect(manifest).not.toBeNull();
    await h.connection.collection('discover_snapshot_blocks').deleteOne({ _id: `${manifest?.snapshot}:0` } as never);
    const started = startService();
    try {
      expect(await started.openIndex()).toEqual({ from: 'database', characters: COUNT });
      expect(started.index.size).toBe(COUNT);
    } finally {
      await started.closeIndex();
    }
  });

  it('loads from the database when the discover log no longer covers the snapshot', async () => {
    const later = startService(() => new Date(Date.now() + 20 * 60_000));
    try {
      expect(await later.openIndex()).toEqual({ from: 'database', characters: COUNT });
    } finally {
      await later.closeIndex();
    }
  });
});
