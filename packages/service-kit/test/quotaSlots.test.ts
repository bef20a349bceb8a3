import type { mongo } from 'mongoose';
import { quotaDay, quotaSlots, type QuotaSlotDoc } from '../src';
import { testMongo } from '../src/testing';

let db: Awaited<ReturnType<typeof testMongo>>;
let collection: mongo.Collection<QuotaSlotDoc>;

beforeAll(async () => {
  db = await testMongo('servicekit_quota');
  collection = db.connection.collection<QuotaSlotDoc>('quota_slots');
});

afterAll(async () => {
  await db.drop();
});

// ARCHITECTURE §2: a quota is held by slot documents under a unique _id, never by a count.
describe('quota slots', () => {
  test('parallel claims at the limit admit exactly the allowance', async () => {
    const slots = quotaSlots(collection);
    expect(await slots.claim('race', 5, 'h0')).toBe(true);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => slots.claim('race', 5, `h${i + 1}`)));
    expect(results.filter(Boolean)).toHaveLength(4);
    expect(await slots.used('race')).toBe(5);
  });

  test('a released holder frees its slot for the next claim', async () => {
    const slots = quotaSlots(collection);
    for (const holder of ['a', 'b', 'c']) expect(await slots.claim('free', 3, holder)).toBe(true);
    expect(await slots.claim('free', 3, 'd')).toBe(false);
    await slots.release('b');
    expect(await slots.claim('free', 3, 'd')).toBe(true);
    expect(await slots.claim('free', 3, 'e')).toBe(false);
  });

  test('a claim of several units takes all of them or none', async () => {
    const slots = quotaSlots(collection);
    expect(await slots.claim('units', 10, 'big', { units: 7 })).toBe(true);
    expect(await slots.claim('units', 10, 'too-big', { units: 4 })).toBe(false);
    expect(await slots.used('units')).toBe(7);
    expect(await slots.claim('units', 10, 'fits', { units: 3 })).toBe(true);
  });

  test('reserved units (older holders without slots) count as used', async () => {
    const slots = quotaSlots(collection);
    expect(await slots.claim('reserved', 3, 'x', { reserved: 2 })).toBe(true);
    expect(await slots.claim('reserved', 3, 'y', { reserved: 2 })).toBe(false);
  });

  test('existing units count as used: those holding a slot once, those without one as reserved', async () => {
    const slots = quotaSlots(collection);
    // 2 in use, none with a slot yet: 1 of 3 is left.
    expect(await slots.claim('existing', 3, 'a', { existing: 2 })).toBe(true);
    // Now 3 in use, one of them ('a') holding a slot: none is left.
    expect(await slots.claim('existing', 3, 'b', { existing: 3 })).toBe(false);
    expect(await slots.used('existing')).toBe(1);
    // One without a slot went: its place is free again.
    expect(await slots.claim('existing', 3, 'c', { existing: 2 })).toBe(true);
  });

  test('prune forgets the old slots of the quotas it names, and only those', async () => {
    const old = quotaSlots(collection, () => new Date('2024-01-01T00:00:00Z'));
    expect(await old.claim('daily:u1:2024-01-01', 1, 'p')).toBe(true);
    expect(await old.claim('total:u1', 1, 'q')).toBe(true);
    await old.prune('daily:', new Date('2024-01-02T00:00:00Z'));
    expect(await old.used('daily:u1:2024-01-01')).toBe(0);
    expect(await old.used('total:u1')).toBe(1);
  });

  test('a quota day is the Bangkok calendar day (UTC+7)', () => {
    expect(quotaDay(new Date('2024-03-01T16:59:59Z'))).toBe('2024-03-01');
    expect(quotaDay(new Date('2024-03-01T17:00:00Z'))).toBe('2024-03-02');
  });
});
