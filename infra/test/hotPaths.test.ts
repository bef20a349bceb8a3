import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import request from 'supertest';
import type { CommandStartedEvent } from 'mongodb';
import { OUTBOX_COLLECTION, PUBLISHED_COLLECTION } from '@lakorn/service-kit';
import { startFerretDb, type OwnedProcess } from '../src/ferretdb';
import { ensureIndexTwins } from '../src/indexTwins';
import { repoPaths } from '../src/paths';
import { freePort } from '../src/ports';
import { chooseFerretBackend } from '../src/postgres';

// The services' hot paths on FerretDB's PostgreSQL backend (ARCHITECTURE §2 "Indexes on FerretDB
// v1"): a send, a chat's list and page, a character read, edit, like and delete, a check-in, a
// promo redemption and a payment settle. Each runs once against a FerretDB of its own whose debug
// log records every SQL statement it sends PostgreSQL, and whose driver connections report every
// command (command monitoring). The test then
//  - counts each path's database round trips and holds them to the counts below (bench/README.md
//    "scale" has them before and after), so a path cannot quietly start reading more;
//  - EXPLAINs every statement the paths made, as PostgreSQL would plan it with sequential scans
//    priced out, and fails on any sequential scan of a collection that grows with use.

jest.setTimeout(600_000);

/** Collections that only admins change (a handful of documents whatever the use): a scan is fine. */
const FIXED_SIZE = new Set(['settings', 'daily_coin_settings', 'special_checkin_days', 'news', 'promo_codes']);

/**
 * Round trips (driver commands) of each hot path, across every service it touches. A send is the
 * chat's reads and writes plus the wallet's debit; the counts exclude the outbox relays, which
 * run on their own timers.
 */
const ROUND_TRIPS: Record<string, number> = {
  // The chat's summary (by _id) and pins (by chatId) join the prompt's reads (chat README "Memory that keeps up").
  // chat.message.sent through the outbox (discover's popular order): its published-id check and insert.
  'send (JSON)': 22,
  // The member's thumbs (chat README "Ratings"): one more read, by chat for the whole list, by page key for a page.
  'messages of a chat (full array)': 3,
  'messages of a chat (?limit=50)': 4,
  // Another answer (chat README "Another answer"): a send's path, plus the reply read by id, the
  // latest two messages, the reply's answers (by messageId) and its place claimed, and the answer
  // stored and selected; a page holding a reply with answers reads them by its page key (one more).
  'regenerate (JSON)': 23,
  'messages of a chat with answers (?limit=50)': 5,
  // The chosen answer's own thumb, by its id; its pin by id, which follows the chosen text (chat README "Paying for text that reaches the model").
  'answer selected': 7,
  // The message and its chat by id, the answer's rating by id, the rating put (a replace, then an
  // insert), chat.message.rated enqueued (its published-id check).
  'reply rated': 6,
  // Edit, rewind and branch in a chat of 129 messages (3 pages): each reads the message by id and
  // only the pages it needs, by key (a rewind of the last 2 the newest page, a branch from the 3rd
  // the first), whatever the chat's length; the memory's summary and pins are kept in step.
  'message edit': 6,
  // The removed messages' ratings go by page key; a branch is a new room (chat.chat.started enqueued).
  'rewind (the last 2 of 129)': 12,
  'branch (from the 3rd of 129)': 19,
  'character read': 1,
  'character edit': 6,
  // A like is a creator-stats fact, and its day touched (README "Creator stats").
  'character like': 5,
  // The owner by id, the character's touches and days by characterId, today's facts by its key and the day put.
  'character stats': 6,
  // The member's character slot is given back (the 50-character quota, ARCHITECTURE §2 slots).
  // Its stats go with it (facts, touches, days by characterId).
  'character delete': 11,
  // chat.message.sent counted for discover's popular order (catalog README "Popular and new"): the
  // activity inserted against its unique _id and the discover log's entry; a start reads the
  // window's 7 days by the indexed day.
  // Card-sized variants (catalog README): the variant asked by name (not there yet), the upload read
  // (its file by name, by _id again in GridFS's download, its chunks), its owner, the variant saved
  // (its chunk and file, its owner at the top level), the owner once more (the upload still there).
  // Once kept: the variant by name, by _id, its chunks.
  'picture at a card width, first asked': 9,
  'picture at a card width, kept': 3,
  // A delete's 11, and its images by character (the top-level owner field, FerretDB's index), the
  // picture's owner, the picture and each width it may be kept at by name, and the two files found
  // removed with their chunks.
  'character delete with its picture': 21,
  'message sent counted (popular)': 2,
  'popular window loaded (start)': 7,
  'check-in': 3,
  // A redemption holds one of the member's 5 refusal slots while it runs and gives it back on success.
  'promo redemption': 11,
  'payment settle': 12,
};

/**
 * Paths that write a document carrying its own event (an embedded outbox), or enqueue one (a
 * send's chat.message.sent, a rating's chat.message.rated, a branch's chat.chat.started): the
 * write wakes the relay at once, and its read or mark of that event may or may not come before
 * the path ends (a regenerate meets the relay its send woke).
 */
const RELAY_MAY_READ = new Set(['check-in', 'promo redemption', 'payment settle', 'send (JSON)', 'regenerate (JSON)', 'reply rated', 'branch (from the 3rd of 129)']);

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432';
const PG_URL = `${LOCAL_PG}/lakorn_explain`;

let ferret: OwnedProcess | undefined;
const logFile = path.join(repoPaths().logsDir, 'ferretdb-explain.log');
const closers: Array<() => Promise<unknown>> = [];

/**
 * Commands seen on the monitored connections, tagged with the hot path whose request issued them:
 * the request's own async context, so the outbox relays' timers and the other services' bus
 * consumers (the wallet's side of a debit) are not counted in the path that only waits for them.
 */
const commands: Array<{ path: string; name: string; collection: string; relayMark: boolean }> = [];
const running = new AsyncLocalStorage<string>();
function monitor(connection: Connection): void {
  connection.getClient().on('commandStarted', (event: CommandStartedEvent) => {
    const path = running.getStore();
    if (!path) return;
    const target = event.command[event.commandName];
    const relayMark = event.commandName === 'update' && JSON.stringify(event.command.updates ?? []).includes('"outboxPending":false');
    commands.push({ path, name: event.commandName, collection: typeof target === 'string' ? target : '', relayMark });
  });
}
const hotPath = (name: string, run: () => Promise<unknown>) => running.run(name, run);
/** An app whose requests carrying X-Hot-Path run in that path's context (a server's requests do not inherit the caller's). */
const traced = (app: Express) => (req: IncomingMessage, res: ServerResponse) => {
  const name = req.headers['x-hot-path'];
  return typeof name === 'string' ? running.run(name, () => app(req as never, res as never)) : app(req as never, res as never);
};
/** supertest against `app` as hot path `name`. */
const as = (name: string, app: Express) => {
  const agent = request(traced(app));
  return {
    get: (url: string) => agent.get(url).set('X-Hot-Path', name),
    post: (url: string) => agent.post(url).set('X-Hot-Path', name),
    put: (url: string) => agent.put(url).set('X-Hot-Path', name),
    delete: (url: string) => agent.delete(url).set('X-Hot-Path', name),
  };
};
/** Byte ranges of the FerretDB log written while a hot path ran: only their statements are EXPLAINed. */
const windows: Array<[number, number]> = [];
async function within(run: () => PromiseLike<unknown>): Promise<void> {
  const start = statSync(logFile).size;
  await run();
  windows.push([start, statSync(logFile).size]);
}

/**
 * The relays' own work: the outbox collection, an event's id recorded as published (a path only
 * reads PUBLISHED_COLLECTION, to skip an event written twice), and marking an embedded event
 * published. The relay a path nudges may run in that path's context or in its timer's (a flush
 * already in flight takes the new event), so counting its writes would make a path's count move.
 */
const isRelay = (c: { name: string; collection: string; relayMark: boolean }) =>
  c.collection === OUTBOX_COLLECTION || (c.collection === PUBLISHED_COLLECTION && c.name === 'insert') || c.relayMark;

beforeAll(async () => {
  if (spawnSync('psql', ['--version']).status !== 0) {
    throw new Error('PostgreSQL is not installed: install it (Debian: apt-get install postgresql; then pg_ctlcluster 15 main start), or run npm test as root, which installs it');
  }
  const backend = await chooseFerretBackend({ FERRETDB_BACKEND: 'postgresql', FERRETDB_POSTGRESQL_URL: PG_URL });
  if (backend.kind !== 'postgresql') throw new Error('PostgreSQL is not usable');
  ensureIndexTwins(backend.url);
  const port = await freePort();
  spawnSync('truncate', ['-s', '0', logFile]);
  ferret = await startFerretDb(repoPaths(), backend, { host: '127.0.0.1', port }, 60_000, {
    args: ['--log-level=debug', '--log-format=json'],
    logName: 'ferretdb-explain.log',
  });
  // Every test helper of the services reads MONGODB_URL when it is first loaded.
  process.env.MONGODB_URL = `mongodb://127.0.0.1:${port}/?directConnection=true&retryWrites=false&monitorCommands=true`;
});

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await ferret?.stop();
});

test('every hot path keeps its round trips and no statement it sends scans a growing collection', async () => {
  const { testNamespace, sessionCookie, testActor } = await import('@lakorn/service-kit/testing');

  // --- chat with the real wallet (debits over RabbitMQ)
  const chatHarness = await import('../../services/chat/test/support/harness');
  const namespace = testNamespace();
  const chatWallet = await chatHarness.startWallet({ label: 'hot_wallet', namespace });
  closers.push(() => chatWallet.close());
  const chat = await chatHarness.startChat({ label: 'hot_chat', namespace });
  closers.push(() => chat.close());
  monitor(chat.connection);
  monitor(chatWallet.wallet.models.entries.db as unknown as Connection);
  const m = chatHarness.member();
  await chatWallet.credit(m.actor.id, 10_000);
  // With a lorebook in use: its entries fire on every send (a constant one and a key, สวัสดี), and
  // the send reads nothing more for it (the book rides in the character copy it reads anyway).
  const { Lorebook } = await import('@lakorn/contracts');
  const lorebook = Lorebook.parse({ entries: [{ keys: ['สวัสดี'], content: 'คำทักทายของหมู่บ้าน' }, { keys: [], constant: true, content: 'หมู่บ้านริมทะเล' }] });
  const room = await chatHarness.chatWith(chat, m.cookie, chatHarness.snapshot({ lorebook }));
  const send = (i: number, name = '') =>
    as(name, chat.app).post('/api/messages').set('Cookie', m.cookie).send({ chatId: room.id, content: `สวัสดี ${i}`, isUser: true, userId: m.actor.id });
  for (let i = 0; i < 3; i++) expect((await send(i)).status).toBe(200);
  await within(async () => expect((await send(9, 'send (JSON)')).status).toBe(200));
  await within(() => as('messages of a chat (full array)', chat.app).get(`/api/messages/chat/${room.id}`).set('Cookie', m.cookie).expect(200));
  await within(() => as('messages of a chat (?limit=50)', chat.app).get(`/api/messages/chat/${room.id}?limit=50`).set('Cookie', m.cookie).expect(200));
  const latest = ((await request(chat.app).get(`/api/messages/chat/${room.id}?limit=1`).set('Cookie', m.cookie).expect(200)).body as Array<{ id: string }>)[0]!;
  await within(() => as('regenerate (JSON)', chat.app).post(`/api/messages/${latest.id}/regenerate`).set('Cookie', m.cookie).send({ clientMessageId: 'hot-regenerate-1' }).expect(200));
  await within(() => as('messages of a chat with answers (?limit=50)', chat.app).get(`/api/messages/chat/${room.id}?limit=50`).set('Cookie', m.cookie).expect(200));
  await within(() => as('answer selected', chat.app).put(`/api/messages/${latest.id}/selected`).set('Cookie', m.cookie).send({ index: 0 }).expect(200));
  await within(() => as('reply rated', chat.app).post(`/api/messages/${latest.id}/rating`).set('Cookie', m.cookie).send({ value: 1 }).expect(200));
  const { newId } = await import('../../services/chat/src/domain/ids');
  for (let i = 0; i < 120; i++) {
    await chat.service.stores.chats.insertMessage({
      _id: newId(), chatId: room.id, userId: m.actor.id, characterId: room.characterId, content: `ข้อความ ${i}`,
      isUser: i % 2 === 0, timestamp: new Date(Date.now() + i), persona: null, offline: false,
    });
  }
  const long = (await request(chat.app).get(`/api/messages/chat/${room.id}`).set('Cookie', m.cookie).expect(200)).body as Array<{ id: string }>;
  expect(long).toHaveLength(129);
  await within(() => as('message edit', chat.app).put(`/api/messages/${long[127]!.id}`).set('Cookie', m.cookie).send({ content: 'แก้แล้ว' }).expect(200));
  await within(() => as('rewind (the last 2 of 129)', chat.app).delete(`/api/chats/${room.id}/messages?from=${long[127]!.id}`).set('Cookie', m.cookie).expect(200));
  await within(() => as('branch (from the 3rd of 129)', chat.app).post(`/api/chats/${room.id}/branch`).set('Cookie', m.cookie).send({ fromMessageId: long[2]!.id }).expect(201));

  // --- catalog
  const catalogHarness = await import('../../services/catalog/test/support/harness');
  const catalog = await catalogHarness.startCatalog('hot_catalog');
  closers.push(() => catalog.close());
  monitor(catalog.connection);
  const creator = catalogHarness.member();
  const fan = catalogHarness.member();
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await catalogHarness.createCharacter(catalog.app, creator.cookie)).id);
  await within(() => as('character read', catalog.app).get(`/api/characters/${ids[0]}`).set('Cookie', creator.cookie).expect(200));
  await within(() => as('character edit', catalog.app).put(`/api/characters/${ids[0]}`).set('Cookie', creator.cookie).send(catalogHarness.characterInput({ name: 'แก้ไขแล้ว' })).expect(200));
  await within(() => as('character like', catalog.app).post(`/api/characters/${ids[1]}/like`).set('Cookie', fan.cookie).send({ userId: fan.actor.id }).expect(200));
  const sent = { messageId: 'hot-popular-1', chatId: 'hot-popular-chat', characterId: ids[1]!, userId: fan.actor.id, at: new Date().toISOString() };
  await within(() => hotPath('message sent counted (popular)', () => catalog.service.activity.messageSent(sent)));
  await within(() => hotPath('popular window loaded (start)', () => catalog.service.activity.load()));
  await catalog.service.stats.messageSent({ messageId: 'hot-m1', chatId: 'hot-c1', characterId: ids[1]!, userId: fan.actor.id, at: new Date().toISOString() });
  await within(() => as('character stats', catalog.app).get(`/api/characters/${ids[1]}/stats`).set('Cookie', creator.cookie).expect(200));
  await within(() => as('character delete', catalog.app).delete(`/api/characters/${ids[2]}`).set('Cookie', creator.cookie).expect(204));
  // A stored picture at a card's width (catalog README "Card-sized variants"); neither request is
  // answered from the instance's memory (an upload is not kept there, nor a variant as it is made).
  const upload = await request(catalog.app).post('/api/upload/character-image').set('Cookie', creator.cookie).attach('image', (await import('../../services/catalog/test/support/images')).makePng(600, 800), 'p.png').expect(201);
  const picture = String(upload.body.url);
  await within(() => as('picture at a card width, first asked', catalog.app).get(`${picture}?w=360`).expect(200));
  await within(() => as('picture at a card width, kept', catalog.app).get(`${picture}?w=360`).expect(200));
  const withPicture = (await catalogHarness.createCharacter(catalog.app, creator.cookie, { profileUrl: picture })).id;
  await within(() => as('character delete with its picture', catalog.app).delete(`/api/characters/${withPicture}`).set('Cookie', creator.cookie).expect(204));

  // --- check-in
  const checkinSupport = await import('../../services/checkin/test/support/harness');
  const checkin = await checkinSupport.startCheckinStack('hot_checkin');
  closers.push(() => checkin.close());
  monitor(checkin.connection);
  const member = testActor();
  await within(() => as('check-in', checkin.app).post('/api/checkin').set('Cookie', sessionCookie(member)).send({ userId: member.id }).expect(201));

  // --- wallet: promo redemption and a (simulated) payment settled
  const walletHarness = await import('../../services/wallet/test/support/harness');
  const wallet = await walletHarness.startWallet({ label: 'hot_wallet2' });
  closers.push(() => wallet.close());
  monitor(wallet.wallet.models.entries.db as unknown as Connection);
  const payer = testActor();
  await wallet.wallet.promoCodes.create({ userId: 'admin', uid: 'admin', code: 'HOTPATH1', coins: 10, type: 'unlimited', maxUses: null, generateRandom: false }, testActor({ isAdmin: true }));
  await within(() => hotPath('promo redemption', async () => expect(await wallet.wallet.promoCodes.redeem(payer.id, 'HOTPATH1')).toEqual({ coins: 10, balance: 10 })));
  const created = await wallet.wallet.payments.create({ id: payer.id, email: payer.email }, Object.keys((await import('@lakorn/contracts')).COIN_PACKAGES)[0] as never);
  await within(() => hotPath('payment settle', async () => expect((await wallet.wallet.payments.simulate(payer.id, created.paymentIntentId)).status).toBe('succeeded')));

  // --- round trips
  const counted: Record<string, number> = {};
  for (const c of commands) if (!isRelay(c)) counted[c.path] = (counted[c.path] ?? 0) + 1;
  const trace = Object.keys(ROUND_TRIPS).map((p) => `${p}: ${commands.filter((c) => c.path === p && !isRelay(c)).map((c) => `${c.name} ${c.collection}`).join(', ')}`);
  const allowed = Object.fromEntries(
    Object.entries(counted).map(([p, n]) => [p, RELAY_MAY_READ.has(p) && n === ROUND_TRIPS[p]! + 1 ? ROUND_TRIPS[p] : n]),
  );
  // The trace says which commands a path made when its count moves.
  expect({ counted: allowed, trace }).toEqual({ counted: ROUND_TRIPS, trace });

  // --- EXPLAIN of every statement FerretDB sent
  const { explained, scans } = explainAll();
  expect(explained).toBeGreaterThanOrEqual(20);
  expect(scans).toEqual([]);
});

interface Logged {
  msg: string;
  sql?: string;
  args?: Record<string, unknown>;
}

/** A logged argument as SQL: hex-encoded bytes decoded, truncated documents replaced by an empty one. */
function literal(sql: string, index: number, value: unknown): string {
  if (typeof value === 'number') return `'${value}'::jsonb`;
  let text = String(value);
  if (/^(?:[0-9a-f]{2})+$/.test(text)) text = Buffer.from(text, 'hex').toString('utf8');
  const isKey = new RegExp(`_jsonb(->|#>)\\$${index + 1}\\b`).test(sql);
  if (isKey) return `'${text.replace(/'/g, "''")}'::text`;
  if (text.includes('(truncated')) text = '{}';
  try {
    JSON.parse(text);
  } catch {
    text = JSON.stringify(text);
  }
  return `'${text.replace(/'/g, "''")}'::jsonb`;
}

/** Statements on collection tables that PostgreSQL would answer with a sequential scan, with why. */
function explainAll(): { explained: number; scans: string[] } {
  const log = readFileSync(logFile);
  const lines = windows.flatMap(([from, to]) => log.subarray(from, to).toString('utf8').split('\n')).filter((l) => l.startsWith('{'));
  const statements = new Map<string, string>();
  for (const line of lines) {
    const entry = JSON.parse(line) as Logged;
    if (entry.msg !== 'Query' || !entry.sql || !/^(SELECT|UPDATE|DELETE)\b/i.test(entry.sql.trim())) continue;
    if (!/"[^"]+"\."[^"]+"/.test(entry.sql) || entry.sql.includes('_ferretdb_database_metadata')) continue;
    const args = entry.args ?? {};
    const bound = entry.sql.replace(/\$(\d+)/g, (_, n: string) => literal(entry.sql!, Number(n) - 1, args[String(Number(n) - 1)]));
    statements.set(entry.sql, bound);
  }
  const found: string[] = [];
  for (const [sql, bound] of statements) {
    const [, schema, table] = /"([^"]+)"\."([^"]+)"/.exec(sql)!;
    const collection = psql(`select _jsonb->>'_id' from "${schema}"._ferretdb_database_metadata where _jsonb->>'table' = '${table}'`) || table!;
    if (FIXED_SIZE.has(collection)) continue;
    const plan = psql(`set enable_seqscan = off; explain ${bound}`);
    if (/Seq Scan on/.test(plan)) found.push(`${schema}.${collection}: ${sql}`);
  }
  return { explained: statements.size, scans: found };
}

function psql(sql: string): string {
  const run = spawnSync('psql', [PG_URL, '-qtA', '-c', sql], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql: ${run.stderr}`);
  return run.stdout.trim();
}

