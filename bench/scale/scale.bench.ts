// Operations at scale: a send, a chat's message list and page, a character read, edit, like and
// delete, and the catalog's start, each measured at several database sizes in one run, with the
// ratio to the smallest. See bench/README.md ("scale") for the settings and the last figures.
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { CharacterInputBody, CharacterSnapshot } from '@lakorn/contracts';
import { collectionOf, connectMongo, createOutbox, ensureIndexes, silentLogger, signSessionToken, type Bus, type Outbox } from '@lakorn/service-kit';
import { closeServer, listenLocally, sampleCharacter, testBus, testNamespace, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp as createCatalogApp } from '../../services/catalog/src/app';
import { catalogCollections, type CharacterDoc } from '../../services/catalog/src/data/models';
import { createCatalogService, type CatalogService } from '../../services/catalog/src/service';
import { createApp as createChatApp } from '../../services/chat/src/app';
import { chatModels, type ChatDoc, type MessageDoc, type MessageHeadDoc } from '../../services/chat/src/data/models';
import { registerConsumers as registerChatConsumers } from '../../services/chat/src/events/consumers';
import { createChatService } from '../../services/chat/src/service';
import { EMBEDDED_OUTBOX_COLLECTIONS, type EntryDoc } from '../../services/wallet/src/data/models';
import { registerConsumers as registerWalletConsumers } from '../../services/wallet/src/events/consumers';
import { createWalletService } from '../../services/wallet/src/service';
import { characterDoc, text } from '../support/characters';
import { loadAverage, timeRuns, type Sample } from '../support/measure';
import { messageFields } from '../../services/chat/src/data/messagePages';

const URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';
/** Stored messages of other members per size; each size also stores min(n, 50 000) wallet entries and min(n, 100 000) characters. */
const SIZES = (process.env.BENCH_MESSAGES ?? '0,10000,100000').split(',').map(Number);
/** Turns (a member's message and its reply) of the long chat, seeded in the largest size. */
const LONG_TURNS = Number(process.env.BENCH_TURNS ?? 10_000);
/** Keep the seeded databases for the next run (default); BENCH_REUSE=0 seeds them again. */
const REUSE = process.env.BENCH_REUSE !== '0';
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
/** BENCH_CATALOG=0 measures the chat only (the catalog's start at 100 000 characters takes minutes before the fix). */
const CATALOG = process.env.BENCH_CATALOG !== '0';
/** BENCH_CHAT=0 measures the catalog only (its start and reads need no chat or wallet data). */
const CHAT = process.env.BENCH_CHAT !== '0';
const MESSAGES_PER_CHAT = 100;
/** BENCH_DB_START=0 skips the catalog's start from the database (minutes at 100 000) and starts from its kept snapshot. */
const DB_START = process.env.BENCH_DB_START !== '0';
/** Discover's orders, each listed at every size (the goal: any sort within ×1.5 of the random order). */
const SORTS = ['random', 'popular', 'new', 'liked'] as const;

const logger = silentLogger();
const keys = testSessionKeys();
const MEMBER = { id: 'benchmember0000000000000', uid: 'g-bench-member', email: 'member@bench.test' };
const token = signSessionToken({ sub: MEMBER.id, uid: MEMBER.uid, email: MEMBER.email, isAdmin: false, isOwner: false }, keys.privateKey);
const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
const hex = (n: number, width = 24) => n.toString(16).padStart(width, '0');

async function listen(app: Express): Promise<{ server: Server; base: string }> {
  const { server, url } = await listenLocally(app);
  return { server, base: url };
}

async function call(base: string, path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${base}${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

interface Seeded {
  _id: string;
  messages: number;
  entries: number;
  characters: number;
  longTurns: number;
}

/** A message as the chat stores it, with its place in the chat (see services/chat/src/data/messagePages.ts). */
function message(chatId: string, userId: string, characterId: string, seq: number, at: number, id: string): MessageDoc {
  return {
    _id: id,
    chatId,
    userId,
    characterId,
    content: text(20 + (seq % 7) * 30),
    isUser: seq % 2 === 1,
    timestamp: new Date(at),
    persona: null,
    offline: false,
    ...messageFields(chatId, seq),
  };
}

async function insertInBatches<T>(insert: (docs: T[]) => Promise<unknown>, count: number, make: (i: number) => T, batch = 2000): Promise<void> {
  for (let from = 0; from < count; from += batch) {
    await insert(Array.from({ length: Math.min(batch, count - from) }, (_, k) => make(from + k)));
  }
}

/** The long chat's id in the chat database of a size. */
const LONG_CHAT = hex(0xc0ffee);
const LONG_CHARACTER = 'benchcharacter0000000000';

/** The chat collections the seed writes and the clean-up trims, through chat's own models. */
function chatCollections(connection: Connection) {
  const models = chatModels(connection);
  return { chats: collectionOf(models.chats), messages: collectionOf(models.messages), messageHeads: collectionOf(models.messageHeads) };
}

async function seedChat(chat: Connection, wallet: Connection, size: number, longTurns: number): Promise<void> {
  const c = chatCollections(chat);
  const walletEntries = wallet.collection<EntryDoc>('wallet_entries');
  const start = Date.UTC(2025, 0, 1);
  // Other members' chats, MESSAGES_PER_CHAT messages each.
  const chats = Math.ceil(size / MESSAGES_PER_CHAT);
  await insertInBatches<ChatDoc>((docs) => c.chats.insertMany(docs), chats, (k) => ({
    _id: hex(k + 1),
    userId: `other${k}`,
    characterId: `character${k % 500}`,
    character: { id: `character${k % 500}`, name: 'ดาวเหนือ', genre: 'romantic', description: '', profileUrl: '' },
    lastMessage: '',
    lastUpdated: new Date(start),
    createdAt: new Date(start),
  }));
  await insertInBatches<MessageDoc>((docs) => c.messages.insertMany(docs), size, (i) => {
    const k = Math.floor(i / MESSAGES_PER_CHAT);
    return message(hex(k + 1), `other${k}`, `character${k % 500}`, (i % MESSAGES_PER_CHAT) + 1, start + i * 1000, hex(0xa000000 + i));
  });
  await insertInBatches<MessageHeadDoc>((docs) => c.messageHeads.insertMany(docs), chats, (k) => ({ _id: hex(k + 1), seq: Math.min(MESSAGES_PER_CHAT, size - k * MESSAGES_PER_CHAT) }));
  // Other members' ledgers, 50 entries each.
  const entries = Math.min(size, 50_000);
  await insertInBatches<EntryDoc>((docs) => walletEntries.insertMany(docs), entries, (i) => {
    const userId = `other${Math.floor(i / 50)}`;
    const seq = (i % 50) + 1;
    return {
      _id: `${userId}:${String(seq).padStart(12, '0')}`,
      userId,
      seq,
      opId: `seed:${userId}:${seq}`,
      kind: 'credit',
      amount: 10,
      balanceAfter: seq * 10,
      description: 'seed',
      ref: '',
      createdAt: new Date(start + i * 1000),
      outboxPending: false,
      outbox: null,
    };
  });
  if (longTurns > 0) {
    await c.chats.insertOne({
      _id: LONG_CHAT,
      userId: MEMBER.id,
      characterId: LONG_CHARACTER,
      character: { id: LONG_CHARACTER, name: 'ดาวเหนือ', genre: 'romantic', description: '', profileUrl: '' },
      lastMessage: '',
      lastUpdated: new Date(start),
      createdAt: new Date(start),
    });
    await insertInBatches<MessageDoc>((docs) => c.messages.insertMany(docs), longTurns * 2, (i) =>
      message(LONG_CHAT, MEMBER.id, LONG_CHARACTER, i + 1, start + i * 1000, hex(0xb000000 + i)),
    );
    await c.messageHeads.insertOne({ _id: LONG_CHAT, seq: longTurns * 2 });
  }
}

const snapshot: CharacterSnapshot = {
  id: LONG_CHARACTER,
  userId: 'creator-1',
  updatedAt: new Date(0).toISOString(),
  ...sampleCharacter({ firstMessage: '*โบกมือ* สวัสดีค่ะ' }),
};

interface Running {
  base: string;
  close(): Promise<void>;
}

/** The chat service and the real wallet (debits over RabbitMQ), as main.ts wires them. */
async function startChatAndWallet(chat: Connection, wallet: Connection): Promise<Running & { credit(amount: number): Promise<void> }> {
  const namespace = testNamespace();
  const walletBus = testBus('wallet', { namespace });
  const walletService = createWalletService({ connection: wallet, logger, provider: null, promptPayId: '0812345678', allowSimulation: false });
  await ensureIndexes(wallet);
  await registerWalletConsumers({ bus: walletBus, service: walletService, logger });
  const walletOutbox = createOutbox({ connection: wallet, bus: walletBus, logger, embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 200 });
  walletOutbox.start();

  const chatBus: Bus = testBus('chat', { namespace });
  const chatOutbox: Outbox = createOutbox({ connection: chat, bus: chatBus, logger, intervalMs: 100 });
  const service = createChatService({
    connection: chat,
    logger,
    bus: chatBus,
    outbox: chatOutbox,
    catalogUrl: 'http://127.0.0.1:9',
    llm: { model: 'offline', contextTokens: 8192, maxTokens: 600, temperature: 0.8, maxRetries: 0, timeoutMs: 10_000 },
    debitTimeoutMs: 10_000,
    offlineStreamDelayMs: 0,
  });
  await ensureIndexes(chat);
  await registerChatConsumers({ bus: chatBus, service, logger });
  chatOutbox.start();
  await service.characters.applyUpdated(snapshot, 1);
  const { server, base } = await listen(createChatApp({ logger, sessionPublicKey: keys.publicKey, service }));
  let credits = 0;
  return {
    base,
    credit: async (amount) => {
      await walletService.ledger.apply({ userId: MEMBER.id, opId: `bench:${Date.now()}:${++credits}`, kind: 'credit', amount, description: 'bench' });
    },
    async close() {
      await closeServer(server);
      await chatOutbox.stop();
      await walletOutbox.stop();
      await chatBus.close();
      await walletBus.close();
    },
  };
}

async function measureChat(size: number, results: Results): Promise<void> {
  const chat = await connectMongo(URL, `bench_scale_chat_${size}`);
  const wallet = await connectMongo(URL, `bench_scale_wallet_${size}`);
  const longTurns = size === Math.max(...SIZES) ? LONG_TURNS : 0;
  const meta = chat.collection<Seeded>('bench_meta');
  const seeded = await meta.findOne({ _id: 'seed' });
  if (!REUSE || seeded?.messages !== size || seeded.longTurns !== longTurns) {
    console.info(`seeding ${size} messages, ${Math.min(size, 50_000)} wallet entries and a chat of ${longTurns} turns ...`);
    const started = performance.now();
    await chat.dropDatabase();
    await wallet.dropDatabase();
    await seedChat(chat, wallet, size, longTurns);
    await meta.insertOne({ _id: 'seed', messages: size, entries: Math.min(size, 50_000), characters: 0, longTurns });
    console.info(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const running = await startChatAndWallet(chat, wallet);
  try {
    await running.credit(RUNS * 2 * 40 + 1000);
    const add = (sample: Sample) => {
      record(results, size, sample);
      console.info(`  ${sample.label.padEnd(52)} p50 ${sample.p50.toFixed(1).padStart(8)} ms  p99 ${sample.p99.toFixed(1).padStart(8)} ms`);
    };
    // A fresh room of 10 turns for each run: the character's first message, then 10 sends.
    const room = (await (await call(running.base, '/api/chats', { method: 'POST', body: JSON.stringify({ characterId: LONG_CHARACTER, newChat: true }) })).json()) as { id: string };
    let failed = 0;
    const send = (chatId: string, i: number) =>
      call(running.base, '/api/messages', { method: 'POST', body: JSON.stringify({ chatId, userId: MEMBER.id, content: `ข้อความที่ ${i} ไปเที่ยวทะเลกันไหม`, isUser: true }) }).catch(
        (error: Error) => {
          // A failed send (a timeout under load) is counted and timed, not the end of the run.
          failed += 1;
          console.info(`  send failed: ${error.message.slice(0, 120)}`);
        },
      );
    for (let i = 0; i < 10; i++) await send(room.id, i);
    add(await timeRuns('send (JSON), chat of 10 turns', RUNS, (i) => send(room.id, i)));
    add(await timeRuns('GET messages of a chat of ~50 turns (full array)', RUNS, () => call(running.base, `/api/messages/chat/${room.id}`).then((r) => r.json())));
    add(await timeRuns('GET messages ?limit=50 (newest page)', RUNS, () => call(running.base, `/api/messages/chat/${room.id}?limit=50`).then((r) => r.json())));
    if (longTurns > 0) {
      add(await timeRuns(`send (JSON), chat of ${longTurns} turns`, RUNS, (i) => send(LONG_CHAT, i)));
      add(await timeRuns(`GET ?limit=50 (newest page), chat of ${longTurns} turns`, RUNS, () => call(running.base, `/api/messages/chat/${LONG_CHAT}?limit=50`).then((r) => r.json())));
      add(await timeRuns(`GET full array, chat of ${longTurns} turns`, 3, () => call(running.base, `/api/messages/chat/${LONG_CHAT}`).then((r) => r.json()), 0));
    }
    if (failed > 0) console.info(`  ${failed} sends failed`);
    // Leave the databases as seeded: the measured room and the long chat's new turns go.
    const c = chatCollections(chat);
    await c.messages.deleteMany({ chatId: room.id });
    await c.chats.deleteOne({ _id: room.id });
    if (longTurns > 0) {
      await c.messages.deleteMany({ chatId: LONG_CHAT, timestamp: { $gte: new Date(Date.UTC(2026, 0, 1)) } });
      await c.messageHeads.replaceOne({ _id: LONG_CHAT }, { seq: longTurns * 2 }, { upsert: true });
    }
  } finally {
    await running.close();
    await chat.close();
    await wallet.close();
  }
}

async function measureCatalog(size: number, results: Results): Promise<void> {
  const characters = Math.min(size, 100_000);
  const connection = await connectMongo(URL, `bench_scale_catalog_${characters}`);
  const meta = connection.collection<Seeded>('bench_meta');
  const seeded = await meta.findOne({ _id: 'seed' });
  if (!REUSE || seeded?.characters !== characters) {
    console.info(`seeding ${characters} characters ...`);
    const started = performance.now();
    await connection.dropDatabase();
    const c = catalogCollections(connection);
    await insertInBatches<CharacterDoc>((docs) => c.characters.insertMany(docs, { ordered: false }), characters, (i) => characterDoc(i, 20_000), 1000);
    await meta.insertOne({ _id: 'seed', messages: 0, entries: 0, characters, longTurns: 0 });
    console.info(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const add = (sample: Sample) => {
    record(results, size, sample);
    console.info(`  ${sample.label.padEnd(52)} p50 ${sample.p50.toFixed(1).padStart(8)} ms  p99 ${sample.p99.toFixed(1).padStart(8)} ms`);
  };
  const bus = testBus('catalog');
  const outbox = createOutbox({ connection, bus, logger });
  await ensureIndexes(connection);
  const once = (label: string, ms: number) => add({ label, runs: 1, p50: ms, p95: ms, p99: ms, max: ms });
  /** Times a start and the heap its index keeps (after a full GC with --expose-gc). */
  const timedStart = async (label: string, start: () => Promise<unknown>) => {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    await start();
    once(label, performance.now() - started);
    global.gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    console.info(`  heap kept by the index: ${heapMb.toFixed(0)} MB${global.gc ? '' : ' (run with --expose-gc for a figure without garbage)'}`);
  };
  // A first start reads the characters (no snapshot yet) and persists the index; the next starts from it.
  if (DB_START) {
    const first = createCatalogService({ connection, logger, outbox, snapshotIntervalMs: 0 });
    await timedStart('catalog start from the database (discover index load)', () => first.catalog.load());
    const saveStart = performance.now();
    await first.snapshots.save();
    once('discover snapshot written', performance.now() - saveStart);
    first.index.clear();
  }
  // The bench member creates RUNS + 2 characters a run: past the members' allowance (QUOTAS) at 40 runs.
  const service = createCatalogService({ connection, logger, outbox, snapshotIntervalMs: 0, quotas: { charactersTotal: 10_000 } });
  await timedStart('catalog start from its snapshot (+ discover log since)', () => service.openIndex());
  // Before the server listens: the seconds this takes would outlast an idle keep-alive connection.
  giveOrders(service);
  const { server, base } = await listen(createCatalogApp({ logger, sessionPublicKey: keys.publicKey, catalog: service.catalog, images: service.images }));
  try {
    const input: CharacterInputBody = {
      name: 'ม้านั่งทดสอบ', age: '', gender: 'female', genre: 'daily', appearance: text(200), personality: text(600), firstMessage: text(100),
      background: text(400), exampleMessages: text(200), isPublic: true, isSpicy: false, description: 'ตัวละครทดสอบความเร็ว', profileUrl: '', cardExtras: '',
    };
    // What an interrupted run left behind goes first.
    for (const id of service.index.idsOfUser(MEMBER.id)) await call(base, `/api/characters/${id}`, { method: 'DELETE' });
    const created: string[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const res = await call(base, '/api/characters', { method: 'POST', body: JSON.stringify({ ...input, userId: MEMBER.id }) });
      created.push(((await res.json()) as { id: string }).id);
    }
    const some = (i: number) => created[(i + created.length) % created.length];
    add(await timeRuns('GET /api/characters/:id (full character)', RUNS, (i) => call(base, `/api/characters/${some(i)}`).then((r) => r.json())));
    add(await timeRuns('PUT /api/characters/:id (edit)', Math.min(RUNS, 20), (i) => call(base, `/api/characters/${some(i)}`, { method: 'PUT', body: JSON.stringify({ ...input, userId: MEMBER.id, name: `แก้ไข ${i}` }) })));
    add(await timeRuns('POST /api/characters/:id/like', Math.min(RUNS, 20), (i) => call(base, `/api/characters/${some(i + 2)}/like`, { method: 'POST', body: JSON.stringify({ userId: MEMBER.id }) }), 0));
    await measureListings(base, add);
    add(await timeRuns('DELETE /api/characters/:id', Math.min(RUNS, 20), async () => {
      const id = created.pop();
      if (id) await call(base, `/api/characters/${id}`, { method: 'DELETE' });
    }, 0));
    // What the run created goes, so the next run starts from the seeded data.
    for (const id of created) await call(base, `/api/characters/${id}`, { method: 'DELETE' });
  } finally {
    server.closeAllConnections();
    server.close();
    await service.closeIndex();
    await outbox.stop();
    await bus.close();
    await connection.close();
  }
}

/**
 * The discover listing in each order (GET /api/characters/public?sort=): a first page, the page
 * after it (the cursor's binary search), a genre, and a rare search (a walk over most of the
 * order). Popularity and likes are given to one character in 20 straight in the index (members
 * chatting this week, 1-30 each; likes 1-50), as chat.message.sent and likes would leave them, so
 * the sorted orders are not merely the newest.
 */
function giveOrders(service: CatalogService): void {
  const ids = [...service.index.records()].filter((record) => record[6] === 1).map((record) => record[0]);
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  for (let i = 0; i < ids.length; i += 20) {
    const id = ids[i] as string;
    for (let m = 0; m < 1 + (i % 30); m++) service.index.addActivity(id, `bench-chatter-${m}`, today);
    for (let m = 0; m < 1 + (i % 50); m++) service.index.addLike(id, `bench-liker-${m}`);
  }
}

async function measureListings(base: string, add: (sample: Sample) => void): Promise<void> {
  // timeRuns numbers its warm-up runs below 0.
  const seed = (i: number) => 1 + (((i % 1000) + 1000) % 1000) * 7919;
  const five = (i: number) => ((i % 5) + 5) % 5;
  const list = (query: string) => call(base, `/api/characters/public?${query}`).then((r) => r.json() as Promise<{ nextCursor: string | null }>);
  for (const sort of SORTS) {
    const order = sort === 'random' ? '' : `&sort=${sort}`;
    add(await timeRuns(`listing ${sort}: first page`, RUNS, (i) => list(`seed=${seed(i)}${order}`)));
    const cursors: string[] = [];
    for (let i = 0; i < 5; i++) cursors.push((await list(`seed=${seed(i)}${order}`)).nextCursor ?? '');
    add(await timeRuns(`listing ${sort}: next page (cursor)`, RUNS, (i) => list(`seed=${seed(five(i))}${order}&cursor=${encodeURIComponent(cursors[five(i)] ?? '')}`)));
    add(await timeRuns(`listing ${sort}: genre adventure`, RUNS, (i) => list(`seed=${seed(i)}${order}&genre=adventure`)));
    add(await timeRuns(`listing ${sort}: rare search`, Math.min(RUNS, 20), (i) => list(`seed=${seed(i)}${order}&q=${encodeURIComponent('ไม่มีใครชื่อนี้')}`)));
  }
}

type Results = Map<string, Array<Sample | undefined>>;

/** Keeps a sample in its size's column. */
function record(results: Results, size: number, sample: Sample): void {
  const row = results.get(sample.label) ?? SIZES.map(() => undefined);
  row[SIZES.indexOf(size)] = sample;
  results.set(sample.label, row);
}

async function main() {
  console.info(`bench/scale: sizes ${SIZES.join(', ')} messages; ${new Date().toISOString()}; ${loadAverage()}`);
  const results: Results = new Map();
  for (const size of SIZES) {
    console.info(`\n${size} stored messages, ${Math.min(size, 50_000)} wallet entries, ${Math.min(size, 100_000)} characters:`);
    if (CHAT) await measureChat(size, results);
    if (CATALOG) await measureCatalog(size, results);
  }
  console.info(`\nfinished; ${loadAverage()}`);
  const header = SIZES.map((s) => `${s} p50 | ${s} p99`).join(' | ');
  console.info(`\n| Operation | ${header} | p50 ×${SIZES[SIZES.length - 1]} / ×${SIZES[0]} |`);
  console.info(`| --- | ${SIZES.map(() => '---: | ---:').join(' | ')} | ---: |`);
  for (const [label, samples] of results) {
    const cells = samples.map((sample) => (sample ? `${sample.p50.toFixed(1)} | ${sample.p99.toFixed(1)}` : '— | —')).join(' | ');
    const first = samples[0];
    const last = samples[samples.length - 1];
    const ratio = first && last ? `×${(last.p50 / first.p50).toFixed(2)}` : '—';
    console.info(`| ${label} | ${cells} | ${ratio} |`);
  }
  const largest = SIZES.length - 1;
  const long = results.get(`send (JSON), chat of ${LONG_TURNS} turns`)?.[largest];
  const short = results.get('send (JSON), chat of 10 turns')?.[largest];
  if (long && short) console.info(`\nsend p50, chat of ${LONG_TURNS} turns / chat of 10 turns (same database): ×${(long.p50 / short.p50).toFixed(2)}`);
  for (const what of ['first page', 'next page (cursor)', 'genre adventure', 'rare search']) {
    const random = results.get(`listing random: ${what}`)?.[largest];
    const ratios = SORTS.filter((sort) => sort !== 'random').map((sort) => {
      const sample = results.get(`listing ${sort}: ${what}`)?.[largest];
      return random && sample ? `${sort} ×${(sample.p50 / random.p50).toFixed(2)}` : `${sort} —`;
    });
    if (random) console.info(`listing ${what}, p50 of each sort / random (same database): ${ratios.join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
