import { createHash } from 'node:crypto';
import request from 'supertest';
import { GENRES, isAdultCharacter, SYSTEM_CREATOR, type CharacterSummary } from '@lakorn/contracts';
import { createOutbox, silentLogger } from '@lakorn/service-kit';
import { testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { STARTER_CAST, type StarterCastMember } from '../src/domain/starterCast/cast';
import { starterCastCharacterId, starterCastContent } from '../src/domain/starterCast/seed';
import { createCatalogService } from '../src/service';
import { catalogForThisFile, member, startCatalog, type Harness } from './support/harness';

// The starter cast (README "The starter cast"): a fresh catalog opens with at least 12 public,
// all-ages characters of the system creator, in every genre, each with its own picture stored
// like an upload; seeding again (a restart, a second instance at the same moment) never makes a
// second copy, and an edited cast updates the same characters.

const h = catalogForThisFile('catalog_starter_cast');
// Each seeding writes a few documents per member against FerretDB; a loaded machine needs time.
jest.setTimeout(180_000);

const instances: Array<{ service: ReturnType<typeof createCatalogService>; outbox: ReturnType<typeof createOutbox> }> = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map(async ({ service, outbox }) => Promise.all([service.closeIndex(), outbox.stop()])));
});

/** Another catalog instance over the harness's database, as a second process would be. */
function instance(harness: Harness, options: { seed: boolean; cast?: readonly StarterCastMember[] }) {
  const logger = silentLogger();
  const outbox = createOutbox({ connection: harness.connection, bus: harness.bus, logger });
  const service = createCatalogService({ connection: harness.connection, logger, outbox, starterCast: options });
  instances.push({ service, outbox });
  const app = createApp({ logger, sessionPublicKey: testSessionKeys().publicKey, catalog: service.catalog, images: service.images });
  return { service, app };
}

async function discover(app: Harness['app'], cookie: string, query: Record<string, string | number> = {}): Promise<CharacterSummary[]> {
  const res = await request(app).get('/api/characters/public').query({ limit: 50, ...query }).set('Cookie', cookie).expect(200);
  return res.body.characters as CharacterSummary[];
}

const systemCharacters = (harness: Harness) => harness.connection.collection('characters').countDocuments({ userId: SYSTEM_CREATOR.id });

describe('the starter cast', () => {
  it('is at least 12 valid all-ages characters in every genre, with a self-word and lines the offline responder can use', () => {
    expect(STARTER_CAST.length).toBeGreaterThanOrEqual(12);
    expect(new Set(STARTER_CAST.map((m) => m.slug)).size).toBe(STARTER_CAST.length);
    expect(new Set(STARTER_CAST.map((m) => m.character.name)).size).toBe(STARTER_CAST.length);
    for (const genre of GENRES) expect(STARTER_CAST.filter((m) => m.character.genre === genre).length).toBeGreaterThanOrEqual(3);
    for (const m of STARTER_CAST) {
      // CharacterInput.parse inside: every spec §5 limit holds.
      const { input } = starterCastContent(m);
      expect(input).toMatchObject({ isPublic: true, isSpicy: false });
      // The responder quotes the personality's first line (at most 60 characters) after "ฉัน/ผม/เรา…".
      expect(Array.from(input.personality.split('\n')[0]!).length).toBeLessThanOrEqual(60);
      expect(input.personality).toMatch(/ใช้คำแทนตัวว่า "[\u0E00-\u0E7F]+"/);
      // Every example line is the character's own (no "{{user}}:" lines to skip), at least three.
      const lines = input.exampleMessages.split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const line of lines) expect(line).not.toMatch(/^\s*$|:\s/);
    }
  });

  it('opens a fresh catalog with the cast: public, all-ages, by the system creator, in the four genres, each picture its own PNG', async () => {
    const seeded = await instance(h, { seed: true }).service.openIndex();
    expect(seeded.starterCast).toEqual({ created: STARTER_CAST.length, updated: 0, unchanged: 0, imagesDrawn: STARTER_CAST.length });
    // The harness's own instance learns them as any other instance would: from the discover log.
    h.service.sync.start(new Date(Date.now() - 5 * 60_000));
    await h.service.sync.poll();
    await h.service.sync.stop();

    const newcomer = member();
    const cards = await discover(h.app, newcomer.cookie);
    expect(cards).toHaveLength(STARTER_CAST.length);
    expect(new Set(cards.map((c) => c.genre))).toEqual(new Set(GENRES));
    for (const card of cards) {
      expect(card).toMatchObject({ isPublic: true, userId: SYSTEM_CREATOR.id, creatorUsername: SYSTEM_CREATOR.username });
      expect(isAdultCharacter(card)).toBe(false);
      expect(card.description).not.toBe('');
    }
    for (const genre of GENRES) expect((await discover(h.app, newcomer.cookie, { genre })).length).toBeGreaterThanOrEqual(3);

    const pictures = new Set<string>();
    for (const card of cards) {
      expect(card.profileUrl).toMatch(/^\/character-images\/[a-f0-9]{32}\.png$/);
      const image = await request(h.app).get(card.profileUrl).buffer(true).expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      const bytes = image.body as Buffer;
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(bytes.readUInt32BE(16)).toBe(384);
      pictures.add(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(pictures.size).toBe(cards.length);

    // The whole character is there for a chat: greeting, scenario, examples.
    const full = await request(h.app).get(`/api/characters/${starterCastCharacterId(STARTER_CAST[0]!.slug)}`).set('Cookie', newcomer.cookie).expect(200);
    expect(full.body).toMatchObject({ name: STARTER_CAST[0]!.character.name, firstMessage: STARTER_CAST[0]!.character.firstMessage, version: 1 });
    expect(full.body.background.length).toBeGreaterThan(50);
    expect(full.body.exampleMessages.length).toBeGreaterThan(50);
    const events = await h.pendingEvents('catalog.character.updated');
    expect(events.filter((e) => e.payload.character.userId === SYSTEM_CREATOR.id)).toHaveLength(STARTER_CAST.length);
  });

  it('a restart seeds nothing again: no second copy, no new version, no picture drawn', async () => {
    const again = await instance(h, { seed: true }).service.openIndex();
    expect(again.starterCast).toEqual({ created: 0, updated: 0, unchanged: STARTER_CAST.length, imagesDrawn: 0 });
    expect(await systemCharacters(h)).toBe(STARTER_CAST.length);
    const versions = await h.connection.collection('characters').distinct('version', { userId: SYSTEM_CREATOR.id });
    expect(versions).toEqual([1]);
  });

  it('an edited cast updates the same characters once (a new version, its new picture), keeps an admin\'s hiding, and leaves the rest alone', async () => {
    const [first, second, ...rest] = STARTER_CAST;
    const edited: StarterCastMember = {
      ...first!,
      character: { ...first!.character, description: 'ช่างปั้นดินเผาผู้เพิ่งกลับจากงานแสดง' },
      portrait: { ...first!.portrait, sky: ['#a0c4ff', '#3a5a99'] },
    };
    const editedHidden: StarterCastMember = { ...second!, character: { ...second!.character, description: 'ร้านดอกไม้ที่เพิ่งย้ายไปริมคลอง' } };
    // An admin hid the second one (moderation writes these fields; the seed is not special).
    const hiddenId = starterCastCharacterId(second!.slug);
    await h.connection.collection('characters').updateOne({ _id: hiddenId as never }, { $set: { hidden: true, hiddenReason: 'admin' } });
    const cast = [edited, editedHidden, ...rest];
    const [a, b] = [instance(h, { seed: true, cast }), instance(h, { seed: true, cast })];
    const outcomes = await Promise.all([a.service.openIndex(), b.service.openIndex()]);
    // Each edited member is written once, by whichever instance claimed it first.
    expect(outcomes.reduce((sum, o) => sum + o.starterCast!.updated, 0)).toBe(2);
    expect(await systemCharacters(h)).toBe(STARTER_CAST.length);

    const viewer = member();
    const id = starterCastCharacterId(first!.slug);
    const after = await request(a.app).get(`/api/characters/${id}`).set('Cookie', viewer.cookie).expect(200);
    expect(after.body).toMatchObject({ description: edited.character.description, version: 2, profileUrl: `/character-images/${starterCastContent(edited).imageName}` });
    expect(after.body.profileUrl).not.toBe(`/character-images/${starterCastContent(first!).imageName}`);
    await request(a.app).get(after.body.profileUrl).expect(200);
    // The update is an edit: the admin's hiding stays.
    expect(await h.connection.collection('characters').findOne({ _id: hiddenId as never })).toMatchObject({
      description: editedHidden.character.description,
      version: 2,
      hidden: true,
      hiddenReason: 'admin',
    });
    for (const other of rest) {
      expect((await request(a.app).get(`/api/characters/${starterCastCharacterId(other.slug)}`).set('Cookie', viewer.cookie)).body.version).toBe(1);
    }
  });
});

describe('seeding at once and the operator switch', () => {
  it('two instances seeding a fresh database at the same moment make each character exactly once', async () => {
    const fresh = await startCatalog('catalog_starter_cast_race');
    try {
      const [a, b] = [instance(fresh, { seed: true }), instance(fresh, { seed: true })];
      const outcomes = await Promise.all([a.service.openIndex(), b.service.openIndex()]);
      expect(outcomes.reduce((sum, o) => sum + o.starterCast!.created, 0)).toBe(STARTER_CAST.length);
      expect(await systemCharacters(fresh)).toBe(STARTER_CAST.length);
      // Each instance shows each character once, after reading the other's log.
      const viewer = member();
      for (const one of [a, b]) {
        one.service.sync.start(new Date(Date.now() - 5 * 60_000));
        await one.service.sync.poll();
        await one.service.sync.stop();
        const ids = (await discover(one.app, viewer.cookie)).map((c) => c.id);
        expect(ids).toHaveLength(STARTER_CAST.length);
        expect(new Set(ids).size).toBe(STARTER_CAST.length);
      }
    } finally {
      await fresh.close();
    }
  });

  it('SEED_STARTER_CAST=false leaves a fresh catalog empty (it is on unless an operator says so)', async () => {
    const env = { SESSION_PUBLIC_KEY: testSessionKeys().publicKey };
    expect(loadConfig(env).SEED_STARTER_CAST).toBe(true);
    expect(loadConfig({ ...env, SEED_STARTER_CAST: 'false' }).SEED_STARTER_CAST).toBe(false);

    const fresh = await startCatalog('catalog_starter_cast_off');
    try {
      const off = instance(fresh, { seed: loadConfig({ ...env, SEED_STARTER_CAST: 'false' }).SEED_STARTER_CAST });
      expect((await off.service.openIndex()).starterCast).toBeUndefined();
      expect(await systemCharacters(fresh)).toBe(0);
      expect(await discover(off.app, member().cookie)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
