// Discover at scale: the catalog with BENCH_CHARACTERS characters (default 100 000), measured over
// real HTTP. See bench/README.md for how to run it and the last figures.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createOutbox, ensureIndexes, silentLogger, signSessionToken, connectMongo } from '@lakorn/service-kit';
import { testBus, testSessionKeys } from '@lakorn/service-kit/testing';
import type { CharacterInputBody } from '@lakorn/contracts';
import { createApp } from '../../services/catalog/src/app';
import { createImageStore } from '../../services/catalog/src/data/imageStore';
import { catalogCollections, catalogModels, type LikeDoc } from '../../services/catalog/src/data/models';
import { createCatalogService } from '../../services/catalog/src/service';
import { between, characterDoc, characterId, NEEDLE, random, text } from '../support/characters';
import { timeRuns, type Sample } from '../support/measure';

const CHARACTERS = Number(process.env.BENCH_CHARACTERS ?? 100_000);
const LIKES = Number(process.env.BENCH_LIKES ?? 200_000);
const CREATORS = Number(process.env.BENCH_CREATORS ?? 20_000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 50);
const URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';
const DB = process.env.BENCH_DB ?? `bench_catalog_${CHARACTERS}`;
/** Keep the seeded database for the next run (seeding 100k characters on FerretDB takes minutes). */
const REUSE = process.env.BENCH_REUSE !== '0';
/** Also time what the database alone does (a regex search, an _id read): ~30 s each on FerretDB. */
const BASELINE = process.env.BENCH_BASELINE !== '0';

const samples: Sample[] = [];

/** Times `fn` `runs` times (no warm-up: the first reads are part of what is measured) and prints p50/p95. */
async function measure(label: string, runs: number, fn: (i: number) => Promise<unknown>): Promise<Sample> {
  const sample = await timeRuns(label, runs, fn, 0);
  samples.push(sample);
  console.info(`${label.padEnd(58)} p50 ${sample.p50.toFixed(1).padStart(8)} ms  p95 ${sample.p95.toFixed(1).padStart(8)} ms  (${runs} runs)`);
  return sample;
}

async function main() {
  const connection = await connectMongo(URL, DB);
  const collections = catalogCollections(connection);
  const logger = silentLogger();
  // A marker read by _id from a one-document collection: counting 100k documents on FerretDB is a scan.
  const meta = connection.collection<{ _id: string; characters: number; likes: number }>('bench_meta');
  const seeded = await meta.findOne({ _id: 'seed' });
  if (!REUSE || seeded?.characters !== CHARACTERS || seeded.likes !== LIKES) {
    console.info(`seeding ${CHARACTERS} characters, ${LIKES} likes, ${CREATORS} creators into ${DB} ...`);
    await connection.dropDatabase();
    const seedStart = performance.now();
    for (let from = 0; from < CHARACTERS; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, CHARACTERS - from) }, (_, k) => characterDoc(from + k, CREATORS));
      await collections.characters.insertMany(batch, { ordered: false });
    }
    const likeIds = new Set<string>();
    const likes: LikeDoc[] = [];
    while (likeIds.size < LIKES) {
      const liked = characterId(Math.floor(random() * CHARACTERS));
      const userId = `fan${Math.floor(random() * 50_000)}`;
      const id = `${liked}:${userId}`;
      if (likeIds.has(id)) continue;
      likeIds.add(id);
      likes.push({ _id: id, characterId: liked, userId, createdAt: new Date() });
      if (likes.length === 5000) await collections.likes.insertMany(likes.splice(0), { ordered: false });
    }
    if (likes.length) await collections.likes.insertMany(likes, { ordered: false });
    for (let from = 0; from < CREATORS; from += 5000) {
      const batch = Array.from({ length: Math.min(5000, CREATORS - from) }, (_, k) => ({ _id: `creator${from + k}`, username: text(between(3, 12)), updatedAt: new Date() }));
      await collections.creators.insertMany(batch, { ordered: false });
    }
    await meta.insertOne({ _id: 'seed', characters: CHARACTERS, likes: LIKES });
    console.info(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
  } else {
    console.info(`reusing ${DB} (${CHARACTERS} characters, ${LIKES} likes); BENCH_REUSE=0 seeds it again`);
  }

  const bus = testBus('catalog');
  const outbox = createOutbox({ connection, bus, logger });
  const service = createCatalogService({ connection, logger, outbox });
  await ensureIndexes(connection);

  if (BASELINE) {
    console.info('\nthe database alone (what a query-per-request design would cost):');
    const regex = { $regex: NEEDLE, $options: 'i' };
    await measure('db: find public with name/personality/description regex', 1, () =>
      collections.characters.find({ isPublic: true, $or: [{ name: regex }, { personality: regex }, { description: regex }] }).limit(20).toArray(),
    );
    await measure('db: findOne by _id (a character in the middle)', 3, (i) => collections.characters.findOne({ _id: characterId(CHARACTERS / 2 + i) }));
    await measure('db: countDocuments likes of one character', 1, () => collections.likes.countDocuments({ characterId: characterId(7) }));
  }

  console.info('\nthe catalog:');
  const heapBefore = process.memoryUsage().heapUsed;
  await measure('index load at start (characters + likes + creators)', 1, () => service.catalog.load());
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  console.info(`index: ${service.index.size} characters (${service.index.publicSize} public), heap +${heapMb.toFixed(0)} MB`);

  const keys = testSessionKeys();
  const app = createApp({ logger, sessionPublicKey: keys.publicKey, catalog: service.catalog, images: service.images });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const viewer = { id: `viewer${randomBytes(3).toString('hex')}`, uid: 'g-viewer', email: 'viewer@bench.test' };
  const token = signSessionToken({ sub: viewer.id, uid: viewer.uid, email: viewer.email, isAdmin: false, isOwner: false }, keys.privateKey);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json() as Promise<{ characters: Array<{ id: string }>; nextCursor: string | null }>;
  };
  const seed = () => Math.floor(Math.random() * 2 ** 32);

  await measure('GET /public first page (20, random seed)', 200, () => get(`/api/characters/public?seed=${seed()}`));
  await measure('GET /public?genre=daily first page', 200, () => get(`/api/characters/public?genre=daily&seed=${seed()}`));
  let cursor: string | null = null;
  const pageSeed = seed();
  await measure('GET /public next pages by cursor (pages 2-51)', 50, async () => {
    const page = await get(`/api/characters/public?seed=${pageSeed}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    cursor = page.nextCursor;
  });
  const common = encodeURIComponent('รัก');
  await measure('GET /public?q=รัก (common: in most texts)', 200, () => get(`/api/characters/public?q=${common}&seed=${seed()}`));
  const medium = encodeURIComponent('ดาวทะเล');
  await measure('GET /public?q=ดาวทะเล (two syllables together)', 100, () => get(`/api/characters/public?q=${medium}&seed=${seed()}`));
  const rare = encodeURIComponent(NEEDLE);
  const rareSample = await get(`/api/characters/public?q=${rare}`);
  await measure(`GET /public?q=${NEEDLE} (${rareSample.characters.length} matches: a full pass)`, 100, () => get(`/api/characters/public?q=${rare}`));
  const none = encodeURIComponent('ไม่มีคำนี้แน่นอน');
  await measure('GET /public?q=<absent word> + genre (full pass, no match)', 100, () => get(`/api/characters/public?q=${none}&genre=romantic`));
  // Public characters to like: a page of them.
  const publicIds = (await get(`/api/characters/public?limit=50&seed=${seed()}`)).characters.map((c) => c.id);
  await measure('GET /:id/like/:uid (like status)', 200, (i) => get(`/api/characters/${publicIds[i % publicIds.length]}/like/${viewer.uid}`));
  await measure('POST /:id/like (a new like each time)', 50, async (i) => {
    const res = await fetch(`${base}/api/characters/${publicIds[i]}/like`, { method: 'POST', headers, body: '{}' });
    if (!res.ok) throw new Error(`like: ${res.status}`);
  });
  await measure('GET /user/:userId (a creator with ~5 characters)', 200, () => get(`/api/characters/user/creator${between(0, CREATORS - 1)}`));
  await measure('GET /api/characters/:id (full character: a database read)', 10, (i) => get(`/api/characters/${publicIds[20 + i]}`));
  const input: CharacterInputBody = {
    name: 'ม้านั่งทดสอบ', age: '', gender: 'female', genre: 'daily', appearance: text(200), personality: text(600), firstMessage: text(100),
    background: text(400), exampleMessages: text(200), isPublic: true, isSpicy: false, description: 'ตัวละครทดสอบความเร็ว', profileUrl: '', cardExtras: '',
  };
  const created: string[] = [];
  await measure('POST /api/characters (create)', 20, async () => {
    const res = await fetch(`${base}/api/characters`, { method: 'POST', headers, body: JSON.stringify(input) });
    if (res.status !== 201) throw new Error(`create: ${res.status}`);
    created.push(((await res.json()) as { id: string }).id);
  });
  await measure('PUT /api/characters/:id (edit: claim + read + replace)', 10, async (i) => {
    const res = await fetch(`${base}/api/characters/${created[i]}`, { method: 'PUT', headers, body: JSON.stringify({ ...input, name: `แก้ไข ${i}` }) });
    if (!res.ok) throw new Error(`edit: ${res.status}`);
  });

  await measure('DELETE /api/characters/:id (with its likes and images)', 20, async (i) => {
    const res = await fetch(`${base}/api/characters/${created[i]}`, { method: 'DELETE', headers });
    if (res.status !== 204) throw new Error(`delete: ${res.status}`);
  });

  if (IMAGES > 0) {
    const store = createImageStore(catalogModels(connection));
    const fileNames = Array.from({ length: IMAGES }, (_, i) => `${i.toString(16).padStart(32, '0')}.jpg`);
    for (const fileName of fileNames) {
      if (await store.ownerOf(fileName)) continue;
      const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300 * 1024)]);
      await store.save({ fileName, contentType: 'image/jpeg', bytes, metadata: { userId: 'bench', characterId: null } });
    }
    await measure(`GET /character-images/{file} first read (GridFS, ${IMAGES} images of 300 KB)`, 10, async (i) => {
      const res = await fetch(`${base}/character-images/${fileNames[i]}`);
      await res.arrayBuffer();
    });
    await measure('GET /character-images/{file} again (memory cache)', 50, async (i) => {
      const res = await fetch(`${base}/character-images/${fileNames[i % 10]}`);
      await res.arrayBuffer();
    });
  }

  server.close();
  await outbox.stop();
  await bus.close();
  // The measured likes are removed so the next run with BENCH_REUSE starts from the same data
  // (the measured characters were deleted above).
  await collections.likes.deleteMany({ userId: viewer.id });
  await connection.close();
  console.info('\n| Measurement | runs | p50 ms | p95 ms |\n| --- | ---: | ---: | ---: |');
  for (const s of samples) console.info(`| ${s.label} | ${s.runs} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
