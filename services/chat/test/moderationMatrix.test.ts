import request from 'supertest';
import { isAdultCharacter, MODERATION_ERROR_CODES, type Character, type Chat, type ChatSummary, type Message, type PublicCharactersPage, type SendMessageResult } from '@lakorn/contracts';
import { createOutbox, ensureIndexes, silentLogger, type Outbox } from '@lakorn/service-kit';
import { listenLocally, testBus, testMongo, testNamespace, testSessionKeys, waitUntil, type LocalServer } from '@lakorn/service-kit/testing';
import { createApp as createCatalogApp } from '../../catalog/src/app';
import { registerActivityConsumer } from '../../catalog/src/events/consumers';
import { createCatalogService } from '../../catalog/src/service';
import { startFakeOpenAI } from './support/fakeOpenAI';
import { member, startChat, startWallet, type SendStack } from './support/harness';

// The moderation and age rules at every service and through every path (README "Hidden and 18+
// characters"): members (owner, admin, another member who confirmed being 18+, one who has not, a
// member who reported) × characters (visible, hidden, 18+ by isSpicy, 18+ by an admin's override,
// spicy with the override cleared) × paths (listing, search, a creator's page, by id, card export,
// the share page's internal read, a new chat, a send, a regenerate, a branch), against the real
// catalog, chat and wallet on FerretDB and RabbitMQ. Expectations come from the rules written once
// below, not from the services.

let stack: SendStack;
let catalogServer: LocalServer;
let catalogOutbox: Outbox;
let closeCatalog: () => Promise<void>;

const owner = member({ adult: true });
const admin = member({ isAdmin: true, adult: false });
const confirmed = member({ adult: true });
const unconfirmed = member({ adult: false });
const reporter = member({ adult: true });
const MEMBERS = { owner, admin, confirmed, unconfirmed, reporter } as const;
type MemberName = keyof typeof MEMBERS;

type Kind = 'visible' | 'hidden' | 'spicy' | 'override' | 'cleared';
const KINDS: Kind[] = ['visible', 'hidden', 'spicy', 'override', 'cleared'];
const characters = {} as Record<Kind, Character>;
/** Each member's chat with each character, opened before the moderation, with one answered send. */
const rooms = {} as Record<MemberName, Record<Kind, { chat: Chat; replyId: string }>>;

const catalogApi = () => request(catalogServer.server);
const chatApi = () => request(stack.chat.server);

// ---- The rules, once --------------------------------------------------------------------------
const isOwner = (m: MemberName) => m === 'owner';
const adultOf = (m: MemberName) => MEMBERS[m].actor.adult === true;
const hiddenChar = (k: Kind) => k === 'hidden';
const adultChar = (k: Kind) => k === 'spicy' || k === 'override';
/** By id (and a card's 403 rather than 404): hidden shows to the owner and admins, 18+ to the owner, admins and those who confirmed. */
const seesById = (m: MemberName, k: Kind) => isOwner(m) || m === 'admin' || (!hiddenChar(k) && (!adultChar(k) || adultOf(m)));
/** Listings and search: never one's own (discover), never hidden, 18+ only when confirmed, never what one reported. */
const listed = (m: MemberName, k: Kind) => !isOwner(m) && !hiddenChar(k) && (!adultChar(k) || adultOf(m)) && !(m === 'reporter' && k === 'visible');
/** A creator's page: all of the owner's own; others as listings. */
const onCreatorPage = (m: MemberName, k: Kind) => isOwner(m) || listed(m, k);
/** Chats (new, send, regenerate, branch): the owner always; hidden blocks all but admins; 18+ needs the confirmation. */
const chatBlock = (m: MemberName, k: Kind): 'hidden' | 'adult' | null =>
  isOwner(m) ? null : hiddenChar(k) && m !== 'admin' ? 'hidden' : adultChar(k) && !adultOf(m) ? 'adult' : null;
/** The share page: public, visible and all ages only, whoever asks. */
const shared = (k: Kind) => !hiddenChar(k) && !adultChar(k);

async function createCharacter(name: string, fields: Record<string, unknown> = {}): Promise<Character> {
  const res = await catalogApi()
    .post('/api/characters')
    .set('Cookie', owner.cookie)
    .send({ name, gender: 'female', genre: 'romantic', personality: 'อ่อนโยน ขี้อาย', firstMessage: '*โบกมือ* สวัสดีค่ะ', isPublic: true, description: 'สาวริมทะเล', ...fields });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Character;
}

async function editCharacter(c: Character, fields: Record<string, unknown>): Promise<Character> {
  const body = { name: c.name, gender: c.gender, genre: c.genre, personality: c.personality, firstMessage: c.firstMessage, isPublic: c.isPublic, description: c.description, ...fields };
  const res = await catalogApi().put(`/api/characters/${c.id}`).set('Cookie', owner.cookie).send(body);
  if (res.status !== 200) throw new Error(`edit answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Character;
}

async function moderate(id: string, body: Record<string, unknown>): Promise<Character> {
  const res = await catalogApi().put(`/api/admin/characters/${id}/moderation`).set('Cookie', admin.cookie).send(body);
  if (res.status !== 200) throw new Error(`moderation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Character;
}

async function send(m: MemberName, chatId: string, content: string) {
  return chatApi().post('/api/messages').set('Cookie', MEMBERS[m].cookie).send({ chatId, content });
}

beforeAll(async () => {
  // The catalog first: chat asks it about a character its copy does not show (a new chat).
  const namespace = testNamespace();
  const mongo = await testMongo('moderation_matrix_catalog');
  const bus = testBus('catalog', { namespace });
  catalogOutbox = createOutbox({ connection: mongo.connection, bus, logger: silentLogger(), intervalMs: 100 });
  const catalog = createCatalogService({ connection: mongo.connection, logger: silentLogger(), outbox: catalogOutbox, syncIntervalMs: 60_000 });
  await ensureIndexes(mongo.connection);
  await catalog.openIndex();
  const app = createCatalogApp({ logger: silentLogger(), sessionPublicKey: testSessionKeys().publicKey, catalog: catalog.catalog, images: catalog.images, moderation: catalog.moderation });
  catalogServer = await listenLocally(app);
  catalogOutbox.start();
  // Discover's popular order counts chat.message.sent as catalog's main does (every send below).
  await registerActivityConsumer({ bus, activity: catalog.activity });
  const llm = await startFakeOpenAI();
  const wallet = await startWallet({ label: 'moderation_matrix_wallet', namespace });
  const chat = await startChat({ label: 'moderation_matrix', namespace, llmBaseUrl: llm.baseUrl, catalogUrl: catalogServer.url });
  stack = {
    llm, wallet, chat, namespace,
    async close() {
      for (const part of [chat, wallet, llm]) await part.close();
    },
  };
  closeCatalog = async () => {
    await catalogServer.close();
    await catalog.closeIndex();
    await catalogOutbox.stop();
    await bus.close();
    await mongo.drop();
  };

  // Every character starts visible and all ages, so every member opens a chat and sends once.
  const tag = Date.now().toString(36);
  for (const kind of KINDS) characters[kind] = await createCharacter(`มาตริกซ์${kind}${tag}`);
  await waitUntil(async () => (await Promise.all(KINDS.map((k) => stack.chat.service.characters.get(characters[k].id)))).every((s) => s !== null), 10_000);
  for (const name of Object.keys(MEMBERS) as MemberName[]) {
    await stack.wallet.credit(MEMBERS[name].actor.id, 1_000);
    rooms[name] = {} as Record<Kind, { chat: Chat; replyId: string }>;
    for (const kind of KINDS) {
      const opened = await chatApi().post('/api/chats').set('Cookie', MEMBERS[name].cookie).send({ characterId: characters[kind].id, newChat: true });
      if (opened.status !== 201) throw new Error(`open answered ${opened.status}: ${JSON.stringify(opened.body)}`);
      const sent = await send(name, (opened.body as Chat).id, 'สวัสดี');
      if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      rooms[name][kind] = { chat: opened.body as Chat, replyId: (sent.body as SendMessageResult).aiMessage.id };
    }
  }

  // Every member's send reached the popular order: each character is chatted with by all five.
  await waitUntil(async () => {
    const popular = (await catalogApi().get('/api/characters/public?limit=50&sort=popular').set('Cookie', confirmed.cookie).expect(200)).body as PublicCharactersPage;
    return KINDS.every((k) => popular.characters.some((x) => x.id === characters[k].id));
  }, 15_000);

  // Then the moderation: hidden by an admin; 18+ by the owner's spicy edit; 18+ by an admin's
  // override; spicy with the override cleared (all ages); and the reporter reports `visible`.
  characters.hidden = await moderate(characters.hidden.id, { hidden: true });
  characters.spicy = await editCharacter(characters.spicy, { isSpicy: true });
  characters.override = await moderate(characters.override.id, { adult: true });
  characters.cleared = await moderate((await editCharacter(characters.cleared, { isSpicy: true })).id, { adult: false });
  const report = await catalogApi().post(`/api/characters/${characters.visible.id}/reports`).set('Cookie', reporter.cookie).send({ reason: 'spam', details: 'โฆษณา' });
  expect(report.status).toBe(201);

  // Chat learns each character's state from catalog.character.updated.
  await waitUntil(async () => {
    const copies = await Promise.all(KINDS.map((k) => stack.chat.service.characters.get(characters[k].id)));
    return copies.every((copy, i) => copy !== null && copy.updatedAt === characters[KINDS[i]!].updatedAt);
  }, 15_000);
}, 120_000);

afterAll(async () => {
  await closeCatalog?.();
  await stack?.close();
});

test('the characters are what the matrix says (isAdultCharacter follows the override, else isSpicy)', () => {
  expect(KINDS.map((k) => [k, characters[k].hidden, isAdultCharacter(characters[k])])).toEqual([
    ['visible', false, false],
    ['hidden', true, false],
    ['spicy', false, true],
    ['override', false, true],
    ['cleared', false, false],
  ]);
  expect(characters.hidden.hiddenReason).toBe('admin');
  expect(characters.cleared).toMatchObject({ isSpicy: true, adultOverride: false });
});

const cells = (Object.keys(MEMBERS) as MemberName[]).flatMap((m) => KINDS.map((k) => [m, k] as const));

describe.each(cells)('%s × %s', (m, k) => {
  const { cookie } = MEMBERS[m];

  test('listing, search and the creator\'s page show it only as the rules say', async () => {
    const c = characters[k];
    // The random order and the sorted ones; popular lists characters chatted with lately, which
    // every one of them was before its moderation (beforeAll).
    for (const sort of ['random', 'popular', 'new', 'liked']) {
      const listing = (await catalogApi().get(`/api/characters/public?limit=50&sort=${sort}`).set('Cookie', cookie).expect(200)).body as PublicCharactersPage;
      expect([sort, listing.characters.some((x) => x.id === c.id)]).toEqual([sort, listed(m, k)]);
    }
    const search = (await catalogApi().get(`/api/characters/public?q=${encodeURIComponent(c.name)}`).set('Cookie', cookie).expect(200)).body as PublicCharactersPage;
    expect(search.characters.some((x) => x.id === c.id)).toBe(listed(m, k));
    const page = (await catalogApi().get(`/api/characters/user/${owner.actor.id}`).set('Cookie', cookie).expect(200)).body as Character[];
    expect(page.some((x) => x.id === c.id)).toBe(onCreatorPage(m, k));
  });

  test('by id: 404 unless the rules show it; the owner sees hidden with its reason', async () => {
    const res = await catalogApi().get(`/api/characters/${characters[k].id}`).set('Cookie', cookie);
    expect(res.status).toBe(seesById(m, k) ? 200 : 404);
    if (res.status === 200 && hiddenChar(k)) expect(res.body).toMatchObject({ hidden: true, hiddenReason: 'admin' });
  });

  test('card export: the owner\'s only; a character the member may not see is a 404', async () => {
    const res = await catalogApi().get(`/api/characters/${characters[k].id}/card`).set('Cookie', cookie);
    expect(res.status).toBe(isOwner(m) ? 200 : seesById(m, k) ? 403 : 404);
  });

  test('the share page\'s read: public, visible and all ages only', async () => {
    const res = await catalogApi().get(`/internal/characters/${characters[k].id}/share`);
    expect(res.status).toBe(shared(k) ? 200 : 404);
    if (res.status === 404) expect(JSON.stringify(res.body)).not.toContain(characters[k].name);
  });

  test('a new chat opens only when nothing blocks it', async () => {
    const res = await chatApi().post('/api/chats').set('Cookie', cookie).send({ characterId: characters[k].id, newChat: true });
    expect(res.status).toBe(chatBlock(m, k) === null ? 201 : 404);
  });

  test('the existing chat says why it is blocked; send, regenerate and branch are refused in Thai with no coins taken', async () => {
    const { chat, replyId } = rooms[m][k];
    const block = chatBlock(m, k);
    const view = (await chatApi().get(`/api/chats/${chat.id}`).set('Cookie', cookie).expect(200)).body as Chat;
    expect(view.blocked).toBe(block);
    const library = (await chatApi().get(`/api/chats/user/${MEMBERS[m].actor.id}`).set('Cookie', cookie).expect(200)).body as ChatSummary[];
    expect(library.find((x) => x.id === chat.id)?.blocked).toBe(block);

    const before = await stack.wallet.balance(MEMBERS[m].actor.id);
    // Regenerate while the reply is the chat's latest, then branch from it, then send.
    const regenerated = await chatApi().post(`/api/messages/${replyId}/regenerate`).set('Cookie', cookie).send({ clientMessageId: `regen-${m}-${k}-${Date.now()}` });
    const branched = await chatApi().post(`/api/chats/${chat.id}/branch`).set('Cookie', cookie).send({ fromMessageId: replyId });
    const sent = await send(m, chat.id, 'อีกครั้ง');
    if (block === null) {
      expect([regenerated.status, branched.status, sent.status]).toEqual([200, 201, 200]);
    } else {
      const code = block === 'hidden' ? MODERATION_ERROR_CODES.characterHidden : MODERATION_ERROR_CODES.ageConfirmationRequired;
      for (const res of [sent, regenerated, branched]) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code, blocked: block });
        expect((res.body as { message: string }).message).toMatch(/[\u0E00-\u0E7F]/);
      }
      expect(await stack.wallet.balance(MEMBERS[m].actor.id)).toBe(before);
      // Nothing was stored either: the chat still ends with the reply.
      const messages = (await chatApi().get(`/api/messages/chat/${chat.id}`).set('Cookie', cookie).expect(200)).body as Message[];
      expect(messages[messages.length - 1]?.id).toBe(replyId);
    }
  });
});
