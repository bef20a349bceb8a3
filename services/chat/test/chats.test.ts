import type { Connection } from 'mongoose';
import request from 'supertest';
import { characterCount, type Chat, type ChatSummary, type Persona } from '@lakorn/contracts';
import { createOutbox, ensureIndexes, OUTBOX_COLLECTION, silentLogger, type Bus, type Outbox } from '@lakorn/service-kit';
import { listenLocally, takeQueuedMessages, testBus, testMongo, testNamespace, testSessionKeys, waitUntil, type LocalServer } from '@lakorn/service-kit/testing';
// The real catalog, so its visibility rule and its events are what chat is tested against.
import { createApp as createCatalogApp } from '../../catalog/src/app';
import { createCatalogService } from '../../catalog/src/service';
import { member, snapshot, startChat, startWallet, type ChatUnderTest, type WalletUnderTest } from './support/harness';

// spec §3/§4/§7 chats, memory, personas and persona per chat, with the real catalog over HTTP
// (a character not yet known to chat is fetched with the member's session) and on the bus
// (catalog.character.updated / .deleted), and identity.user.deleted.

jest.setTimeout(60_000);

const namespace = testNamespace();
let chat: ChatUnderTest;
/** The real wallet: saving the memory note pays (README "Paying for text that reaches the model"). */
let wallet: WalletUnderTest;
let catalogServer: LocalServer;
let catalogOutbox: Outbox;
let catalogBus: Bus;
let identityBus: Bus;
let dropCatalog: () => Promise<void>;
let catalogConnection: Connection;

const creator = member();
const reader = member();

async function createCharacter(cookie: string, fields: Record<string, unknown> = {}) {
  const res = await request(catalogServer.server)
    .post('/api/characters')
    .set('Cookie', cookie)
    .send({
      name: 'ดาวเหนือ',
      gender: 'female',
      genre: 'romantic',
      personality: 'อ่อนโยน ขี้อาย',
      firstMessage: '*โบกมือ* สวัสดีค่ะ',
      isPublic: true,
      description: 'สาวริมทะเล',
      ...fields,
    });
  if (res.status !== 201) throw new Error(`catalog create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; version: number };
}

/**
 * Where an event on its way from the catalog to chat stands: still in the catalog's outbox, in
 * chat's dead letters, or stored by chat at some version (a timed-out wait says which).
 */
async function eventTrail(characterId: string): Promise<string> {
  const waiting = await catalogConnection.collection(OUTBOX_COLLECTION).find({}, { projection: { _id: 1, pending: 1, error: 1 } }).toArray();
  const dead = await takeQueuedMessages(`${namespace}.chat.catalog-events.dead`, 100, 200);
  const stored = await chat.service.characters.get(characterId);
  return JSON.stringify({
    catalogOutbox: waiting,
    catalogBusConnected: catalogBus.isConnected(),
    chatDeadLetters: dead.map((m) => m.properties.messageId),
    chatStores: stored ? { name: stored.name } : null,
  });
}

const open = (cookie: string, characterId: string, newChat = true) =>
  request(chat.server).post('/api/chats').set('Cookie', cookie).send({ characterId, newChat });

beforeAll(async () => {
  const mongo = await testMongo('chat_catalog');
  dropCatalog = mongo.drop;
  catalogConnection = mongo.connection;
  catalogBus = testBus('catalog', { namespace });
  identityBus = testBus('identity', { namespace });
  catalogOutbox = createOutbox({ connection: mongo.connection, bus: catalogBus, logger: silentLogger(), intervalMs: 100 });
  const catalog = createCatalogService({ connection: mongo.connection, logger: silentLogger(), outbox: catalogOutbox });
  await ensureIndexes(mongo.connection);
  await catalog.catalog.load();
  const app = createCatalogApp({ logger: silentLogger(), sessionPublicKey: testSessionKeys().publicKey, catalog: catalog.catalog, images: catalog.images });
  catalogServer = await listenLocally(app);
  chat = await startChat({ label: 'chat_chats', namespace, catalogUrl: catalogServer.url });
  wallet = await startWallet({ label: 'chat_chats_wallet', namespace });
  await identityBus.ready();
  // The catalog's relay is not started yet: chat has no snapshot until a test starts it.
});

afterAll(async () => {
  await chat?.close();
  await wallet?.close();
  await catalogOutbox?.stop();
  await catalogServer?.close();
  await catalogBus?.close();
  await identityBus?.close();
  await dropCatalog?.();
});

describe('opening a chat (POST /api/chats)', () => {
  test('a public character just created (no event yet) is fetched from the catalog; its first message opens the chat', async () => {
    const character = await createCharacter(creator.cookie);
    const res = await open(reader.cookie, character.id);
    expect(res.status).toBe(201);
    const room = res.body as Chat;
    expect(room).toMatchObject({
      userId: reader.actor.id,
      characterId: character.id,
      character: { id: character.id, name: 'ดาวเหนือ', genre: 'romantic', description: 'สาวริมทะเล', profileUrl: '' },
      memory: '',
      lastMessage: '*โบกมือ* สวัสดีค่ะ',
    });
    const messages = await request(chat.server).get(`/api/messages/chat/${room.id}`).set('Cookie', reader.cookie);
    expect(messages.body).toEqual([expect.objectContaining({ content: '*โบกมือ* สวัสดีค่ะ', isUser: false, chatId: room.id })]);
  });

  test('another member\'s private character is refused (404); one\'s own private character opens', async () => {
    const secret = await createCharacter(creator.cookie, { isPublic: false, description: '' });
    expect((await open(reader.cookie, secret.id)).status).toBe(404);
    expect((await open(creator.cookie, secret.id)).status).toBe(201);
    expect((await open(reader.cookie, 'no-such-character')).status).toBe(404);
  });

  test('the body\'s userId must name the actor (id or uid)', async () => {
    const character = await createCharacter(creator.cookie);
    const asUid = await request(chat.server).post('/api/chats').set('Cookie', reader.cookie).send({ userId: reader.actor.uid, characterId: character.id, newChat: true });
    expect(asUid.status).toBe(201);
    const other = await request(chat.server).post('/api/chats').set('Cookie', reader.cookie).send({ userId: creator.actor.id, characterId: character.id, newChat: true });
    expect(other.status).toBe(403);
  });
});

describe('rooms', () => {
  test('several rooms per character, newest first; newChat=false reopens the newest; the library list is newest first with the last message', async () => {
    const m = member();
    const a = await createCharacter(creator.cookie, { name: 'เอ' });
    const b = await createCharacter(creator.cookie, { name: 'บี' });
    const first = (await open(m.cookie, a.id)).body as Chat;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = (await open(m.cookie, a.id)).body as Chat;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const other = (await open(m.cookie, b.id)).body as Chat;
    expect(((await open(m.cookie, a.id, false)).body as Chat).id).toBe(second.id);

    const rooms = await request(chat.server).get(`/api/chats/character/${a.id}`).set('Cookie', m.cookie);
    expect((rooms.body as ChatSummary[]).map((r) => r.id)).toEqual([second.id, first.id]);
    const all = await request(chat.server).get(`/api/chats/user/${m.actor.id}`).set('Cookie', m.cookie);
    expect((all.body as ChatSummary[]).map((r) => [r.id, r.character.name, r.lastMessage])).toEqual([
      [other.id, 'บี', '*โบกมือ* สวัสดีค่ะ'],
      [second.id, 'เอ', '*โบกมือ* สวัสดีค่ะ'],
      [first.id, 'เอ', '*โบกมือ* สวัสดีค่ะ'],
    ]);
    expect((await request(chat.server).get(`/api/chats/user/${m.actor.uid}`).set('Cookie', m.cookie)).status).toBe(200);
    expect((await request(chat.server).get(`/api/chats/user/${reader.actor.id}`).set('Cookie', m.cookie)).status).toBe(403);
    // Nobody else sees these rooms.
    expect((await request(chat.server).get(`/api/chats/character/${a.id}`).set('Cookie', reader.cookie)).body.map((r: ChatSummary) => r.id)).not.toContain(first.id);
  });

  test('only the owner reaches a chat, its messages, memory and persona; the owner\'s delete removes it all', async () => {
    const m = member();
    const character = await createCharacter(creator.cookie);
    const room = (await open(m.cookie, character.id)).body as Chat;
    for (const path of [`/api/chats/${room.id}`, `/api/messages/chat/${room.id}`, `/api/chats/${room.id}/memory`, `/api/chats/${room.id}/persona`]) {
      expect((await request(chat.server).get(path).set('Cookie', reader.cookie)).status).toBe(404);
      expect((await request(chat.server).get(path).set('Cookie', m.cookie)).status).toBe(200);
    }
    expect((await request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', reader.cookie).send({ memory: 'แอบเขียน' })).status).toBe(404);
    expect((await request(chat.server).delete(`/api/chats/${room.id}`).set('Cookie', reader.cookie)).status).toBe(404);
    expect((await request(chat.server).delete(`/api/chats/${room.id}`).set('Cookie', m.cookie)).status).toBe(204);
    expect((await request(chat.server).get(`/api/chats/${room.id}`).set('Cookie', m.cookie)).status).toBe(404);
    expect((await request(chat.server).get(`/api/messages/chat/${room.id}`).set('Cookie', m.cookie)).status).toBe(404);
    expect(await chat.service.stores.chats.messagesOfChat(room.id)).toEqual([]);
  });
});

describe('memory (spec §4, §5: at most 1000 characters; empty text deletes)', () => {
  test('saves, reads back with the chat, refuses 1001 characters, accepts 1000 Thai characters, and empty deletes; each save pays what it adds', async () => {
    const m = member();
    await wallet.credit(m.actor.id, 2_000);
    const character = await createCharacter(creator.cookie);
    const room = (await open(m.cookie, character.id)).body as Chat;
    const memoryOf = async () => (await request(chat.server).get(`/api/chats/${room.id}/memory?t=1`).set('Cookie', m.cookie)).body.memory as string;
    expect(await memoryOf()).toBe('');
    expect((await request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie).send({ memory: 'ชอบกาแฟดำ' })).body).toEqual({ memory: 'ชอบกาแฟดำ', paid: 9 });
    expect(await memoryOf()).toBe('ชอบกาแฟดำ');
    expect((await request(chat.server).get(`/api/chats/${room.id}`).set('Cookie', m.cookie)).body.memory).toBe('ชอบกาแฟดำ');

    const thousand = 'ก'.repeat(1000);
    expect(characterCount(thousand)).toBe(1000);
    expect((await request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie).send({ memory: thousand })).status).toBe(200);
    const tooLong = await request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie).send({ memory: `${thousand}ข` });
    expect(tooLong.status).toBe(400);
    expect(await memoryOf()).toBe(thousand);

    expect((await request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie).send({ memory: '' })).body).toEqual({ memory: '', paid: 1000 });
    expect(await memoryOf()).toBe('');
    await request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie).send({ memory: 'อีกครั้ง' });
    expect((await request(chat.server).delete(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie)).status).toBe(204);
    expect(await memoryOf()).toBe('');
    expect((await request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie).send({ memory: { $gt: '' } })).status).toBe(400);
    // 9, then the 991 past them; emptied and written again within the 1 000 paid: free.
    expect(await wallet.balance(m.actor.id)).toBe(1_000);
  });
});

describe('first writes at once (FerretDB v1 upserts are a find, then an insert)', () => {
  test('two first saves of a chat\'s memory, and of its persona, at once both succeed and one of each is kept', async () => {
    const m = member();
    await wallet.credit(m.actor.id, 100);
    const character = await createCharacter(creator.cookie);
    const room = (await open(m.cookie, character.id)).body as Chat;
    const saves = await Promise.all(
      ['ชอบชา', 'ชอบกาแฟ'].map((memory) => request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie).send({ memory })),
    );
    expect(saves.map((r) => r.status)).toEqual([200, 200]);
    const kept = (await request(chat.server).get(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie)).body.memory as string;
    expect(['ชอบชา', 'ชอบกาแฟ']).toContain(kept);

    const persona = { name: 'ตัวตน', appearance: 'สวมแว่น', personality: 'ใจเย็น', background: 'บรรณารักษ์' };
    const mine = (await request(chat.server).post('/api/personas').set('Cookie', m.cookie).send(persona)).body as Persona;
    const choices = await Promise.all(
      [0, 1].map(() => request(chat.server).post(`/api/chats/${room.id}/persona`).set('Cookie', m.cookie).send({ personaId: mine.id })),
    );
    expect(choices.map((r) => r.status)).toEqual([200, 200]);
  });
});

describe('personas (spec §5: four required texts, at most 5 per user)', () => {
  const persona = (n: number) => ({ name: `ตัวตน ${n}`, appearance: 'สวมแว่น', personality: 'ใจเย็น ชอบอ่านหนังสือ', background: 'บรรณารักษ์' });

  test('requires name, appearance, personality and background (non-blank)', async () => {
    const m = member();
    for (const field of ['name', 'appearance', 'personality', 'background'] as const) {
      const res = await request(chat.server).post('/api/personas').set('Cookie', m.cookie).send({ ...persona(1), [field]: '   ' });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });

  test('text no database can store (a NUL, an unpaired surrogate) is a 400 in a body and in a path, never a 5xx', async () => {
    const m = member();
    const named = await request(chat.server).post('/api/personas').set('Cookie', m.cookie).send({ ...persona(1), name: 'a\u0000b' });
    expect([named.status, named.body.code]).toEqual([400, 'VALIDATION']);
    const lone = await request(chat.server).post('/api/personas').set('Cookie', m.cookie).send({ ...persona(1), background: 'บรรณารักษ์\uD83D' });
    expect(lone.status).toBe(400);
    expect((await request(chat.server).get('/api/chats/%00').set('Cookie', m.cookie)).status).toBe(400);
  });

  test('seven creates at once make exactly five; the rest are refused with PERSONA_LIMIT', async () => {
    const m = member();
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) => request(chat.server).post('/api/personas').set('Cookie', m.cookie).send({ ...persona(i), userId: m.actor.id })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual([
      [409, 'PERSONA_LIMIT'],
      [409, 'PERSONA_LIMIT'],
    ]);
    expect(refused[0]!.body.message).toBe('You can have at most 5 personas');
    const list = await request(chat.server).get(`/api/personas/user/${m.actor.id}`).set('Cookie', m.cookie);
    expect(list.body).toHaveLength(5);
    // Deleting one frees a place.
    await request(chat.server).delete(`/api/personas/${(list.body as Persona[])[0]!.id}`).set('Cookie', m.cookie).expect(204);
    expect((await request(chat.server).post('/api/personas').set('Cookie', m.cookie).send(persona(9))).status).toBe(201);
  });

  test('edit and delete are the owner\'s only; lists are one\'s own', async () => {
    const m = member();
    const created = (await request(chat.server).post('/api/personas').set('Cookie', m.cookie).send(persona(1))).body as Persona;
    const edited = await request(chat.server).put(`/api/personas/${created.id}`).set('Cookie', m.cookie).send({ ...persona(1), name: 'ชื่อใหม่' });
    expect(edited.body).toMatchObject({ id: created.id, name: 'ชื่อใหม่', userId: m.actor.id });
    expect((await request(chat.server).put(`/api/personas/${created.id}`).set('Cookie', reader.cookie).send(persona(2))).status).toBe(404);
    expect((await request(chat.server).delete(`/api/personas/${created.id}`).set('Cookie', reader.cookie)).status).toBe(404);
    expect((await request(chat.server).get(`/api/personas/user/${m.actor.id}`).set('Cookie', reader.cookie)).status).toBe(403);
  });

  test('persona per chat: chosen, read back, cleared by "main identity"; someone else\'s persona is refused; a deleted one falls back', async () => {
    const m = member();
    const character = await createCharacter(creator.cookie);
    const room = (await open(m.cookie, character.id)).body as Chat;
    const mine = (await request(chat.server).post('/api/personas').set('Cookie', m.cookie).send(persona(1))).body as Persona;
    const theirs = (await request(chat.server).post('/api/personas').set('Cookie', reader.cookie).send(persona(2))).body as Persona;
    const get = async () => (await request(chat.server).get(`/api/chats/${room.id}/persona`).set('Cookie', m.cookie)).body;
    expect(await get()).toEqual({ personaId: null, persona: null });
    expect((await request(chat.server).post(`/api/chats/${room.id}/persona`).set('Cookie', m.cookie).send({ personaId: mine.id })).status).toBe(200);
    expect(await get()).toMatchObject({ personaId: mine.id, persona: { name: 'ตัวตน 1' } });
    expect((await request(chat.server).post(`/api/chats/${room.id}/persona`).set('Cookie', m.cookie).send({ personaId: theirs.id })).status).toBe(400);
    expect((await request(chat.server).delete(`/api/chats/${room.id}/persona`).set('Cookie', m.cookie)).status).toBe(204);
    expect(await get()).toEqual({ personaId: null, persona: null });
    await request(chat.server).post(`/api/chats/${room.id}/persona`).set('Cookie', m.cookie).send({ personaId: mine.id });
    await request(chat.server).delete(`/api/personas/${mine.id}`).set('Cookie', m.cookie).expect(204);
    expect(await get()).toEqual({ personaId: null, persona: null });
  });
});

describe('events', () => {
  test('catalog.character.updated renames the character in chats (a late older version changes nothing); .deleted removes its chats and messages', async () => {
    const m = member();
    const character = await createCharacter(creator.cookie, { name: 'ชื่อเดิม' });
    const room = (await open(m.cookie, character.id)).body as Chat;
    catalogOutbox.start();
    await request(catalogServer.server)
      .put(`/api/characters/${character.id}`)
      .set('Cookie', creator.cookie)
      .send({ name: 'ชื่อใหม่', gender: 'female', genre: 'daily', personality: 'ร่าเริง', firstMessage: 'หวัดดี', isPublic: true, description: 'ใหม่' })
      .expect(200);
    const nameOf = async () => ((await request(chat.server).get(`/api/chats/${room.id}`).set('Cookie', m.cookie)).body as Chat).character.name;
    await waitUntil(async () => (await nameOf()) === 'ชื่อใหม่', 15_000, async () => `the renamed snapshot: ${await eventTrail(character.id)}`);
    expect(((await request(chat.server).get(`/api/chats/${room.id}`).set('Cookie', m.cookie)).body as Chat).character.genre).toBe('daily');

    // An old version arriving late (events are not ordered) does not win.
    await catalogBus.publish('catalog.character.updated', { character: snapshot({ id: character.id, name: 'ชื่อเก่ามาก' }), version: 1 }, { messageId: `late-${character.id}` });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await nameOf()).toBe('ชื่อใหม่');

    await request(catalogServer.server).delete(`/api/characters/${character.id}`).set('Cookie', creator.cookie).expect(204);
    await waitUntil(async () => (await request(chat.server).get(`/api/chats/${room.id}`).set('Cookie', m.cookie)).status === 404, 15_000, 'the chat to go');
    expect(await chat.service.stores.chats.messagesOfChat(room.id)).toEqual([]);
    // A deleted character cannot be chatted with again, and a late update does not revive it.
    await catalogBus.publish('catalog.character.updated', { character: snapshot({ id: character.id }), version: 99 }, { messageId: `revive-${character.id}` });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await open(m.cookie, character.id)).status).toBe(404);
  });

  test('identity.user.deleted removes the member\'s chats, messages and personas', async () => {
    const m = member();
    const character = await createCharacter(creator.cookie);
    const room = (await open(m.cookie, character.id)).body as Chat;
    await request(chat.server).post('/api/personas').set('Cookie', m.cookie).send({ name: 'ก', appearance: 'ข', personality: 'ค', background: 'ง' }).expect(201);
    await wallet.credit(m.actor.id, 10);
    await request(chat.server).post(`/api/chats/${room.id}/memory`).set('Cookie', m.cookie).send({ memory: 'จำไว้' }).expect(200);
    await identityBus.publish('identity.user.deleted', { userId: m.actor.id, deletedAt: new Date().toISOString() }, { messageId: `deleted-${m.actor.id}` });
    await waitUntil(async () => (await chat.service.stores.chats.chatsOfUser(m.actor.id)).length === 0, 15_000, 'the chats to go');
    await waitUntil(async () => (await chat.service.stores.personas.ofUser(m.actor.id)).length === 0, 15_000, 'the personas to go');
    expect(await chat.service.stores.chats.messagesOfChat(room.id)).toEqual([]);
    expect(await chat.service.stores.chats.getMemory(room.id)).toBe('');
  });
});
