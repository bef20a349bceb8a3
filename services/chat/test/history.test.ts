import request from 'supertest';
import { characterCount, CHAT_ERROR_CODES, MESSAGE_MAX_CHARACTERS, REWIND_MESSAGES, type Chat, type ChatSummary, type Message, type RewindResult, type SendMessageResult } from '@lakorn/contracts';
import { testNamespace } from '@lakorn/service-kit/testing';
import { MESSAGE_PAGE_SIZE } from '../src/data/messagePages';
import { newId } from '../src/domain/ids';
import { chatWith, member, parseEvents, startChat, startSendStack, type ChatUnderTest, type SendStack } from './support/harness';

// Edit, rewind, branch (README "Edit, rewind, branch") against the real wallet and RabbitMQ, with
// a fake OpenAI server for the replies: every rule the chat screen shows is the server's. A rewind
// and a branch move no coin (the member's ledger is the same before and after); an edit pays the
// code points it adds past the message's paid room (test/paidText.test.ts holds that rule whole).

jest.setTimeout(120_000);

let stack: SendStack;
let chat: ChatUnderTest;

beforeAll(async () => {
  stack = await startSendStack('chat_history', { replyTimeoutMs: 8_000 });
  chat = stack.chat;
});

afterAll(async () => {
  await stack?.close();
});

const GREETING = '*โบกมือ* สวัสดีค่ะ วันนี้ท้องฟ้าสวยจังเลยนะคะ';

const api = () => request(chat.server);
const list = async (cookie: string, chatId: string) => (await api().get(`/api/messages/chat/${chatId}`).set('Cookie', cookie).expect(200)).body as Message[];
const getChat = async (cookie: string, chatId: string) => (await api().get(`/api/chats/${chatId}`).set('Cookie', cookie).expect(200)).body as Chat;
const edit = (cookie: string, id: string, body: unknown) => api().put(`/api/messages/${id}`).set('Cookie', cookie).send(body as object);
const rewind = (cookie: string, chatId: string, query: string) => api().delete(`/api/chats/${chatId}/messages${query}`).set('Cookie', cookie);
const branch = (cookie: string, chatId: string, body: unknown) => api().post(`/api/chats/${chatId}/branch`).set('Cookie', cookie).send(body as object);

/** The member's ledger as the wallet keeps it: entries and balance. */
async function ledgerOf(userId: string) {
  return { entries: (await stack.wallet.entries(userId)).map((e) => e.opId), balance: await stack.wallet.balance(userId) };
}

/** A member with coins and a room where `turns` sends `ถาม <i>` were answered `ตอบ <i>`. */
async function conversation(turns: number) {
  const m = member();
  await stack.wallet.credit(m.actor.id, 1_000);
  const room = await chatWith(chat, m.cookie);
  // The reply to `ถาม <i>` is `ตอบ <i>`.
  stack.llm.behave((req) => ({ reply: ([...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '').replace(/^.*ถาม (\d+).*$/s, 'ตอบ $1') }));
  for (let i = 1; i <= turns; i++) {
    const res = await api().post('/api/messages').set('Cookie', m.cookie).send({ chatId: room.id, content: `ถาม ${i}` });
    if (res.status !== 200) throw new Error(`send answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return { ...m, room, messages: await list(m.cookie, room.id) };
}

/** A room with the greeting and `count` more messages stored directly (a long chat, no coins). */
async function longRoom(count: number) {
  const m = member();
  const room = await chatWith(chat, m.cookie);
  const start = Date.now();
  for (let i = 1; i <= count; i++) {
    await chat.service.stores.chats.insertMessage({
      _id: newId(), chatId: room.id, userId: m.actor.id, characterId: room.characterId, content: `ข้อความ ${i}`,
      isUser: i % 2 === 1, timestamp: new Date(start + i * 1000), persona: null, offline: false,
    });
  }
  return { ...m, room, messages: await list(m.cookie, room.id) };
}

describe('PUT /api/messages/:id', () => {
  test('edits the member\'s own message and a character reply, each paying what it adds: edited: true with its paid room, the list shows the new text and the chat\'s last line follows an edit of the newest', async () => {
    const { actor, cookie, room, messages } = await conversation(2);
    const before = await ledgerOf(actor.id);
    const [, ask1, , , reply2] = messages;

    const own = await edit(cookie, ask1!.id, { content: 'ถามใหม่ *ยิ้ม*' });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ ...ask1, content: 'ถามใหม่ *ยิ้ม*', edited: true, paid: characterCount('ถามใหม่ *ยิ้ม*') });
    const character = await edit(cookie, reply2!.id, { content: 'คำตอบที่แก้แล้ว' });
    expect(character.status).toBe(200);
    expect((character.body as Message).edited).toBe(true);

    const after = await list(cookie, room.id);
    expect(after.map((m) => [m.content, m.edited ?? false])).toEqual([
      [GREETING, false], ['ถามใหม่ *ยิ้ม*', true], ['ตอบ 1', false], ['ถาม 2', false], ['คำตอบที่แก้แล้ว', true],
    ]);
    expect((await getChat(cookie, room.id)).lastMessage).toBe('คำตอบที่แก้แล้ว');
    // An earlier message's edit leaves the last line alone (and, shorter than what was paid, is free).
    await edit(cookie, ask1!.id, { content: 'อีกครั้ง' }).expect(200);
    expect((await getChat(cookie, room.id)).lastMessage).toBe('คำตอบที่แก้แล้ว');
    // The member's message had paid its send's length; the reply nothing.
    const paid = characterCount('ถามใหม่ *ยิ้ม*') - characterCount('ถาม 1') + characterCount('คำตอบที่แก้แล้ว');
    expect(await stack.wallet.balance(actor.id)).toBe(before.balance - paid);
    expect((await ledgerOf(actor.id)).entries).toHaveLength(before.entries.length + 2);
  });

  test('refuses a text a send would refuse (blank, over the limit, a NUL, a lone surrogate) with 400, and the message stays as it was', async () => {
    const { cookie, room, messages } = await conversation(1);
    const target = messages[1]!;
    for (const content of ['   ', 'ก'.repeat(MESSAGE_MAX_CHARACTERS + 1), 'มี\u0000ศูนย์', 'ครึ่ง\uD83D', 42]) {
      const res = await edit(cookie, target.id, { content });
      expect({ content: String(content).slice(0, 10), status: res.status }).toEqual({ content: String(content).slice(0, 10), status: 400 });
    }
    expect((await edit(cookie, target.id, {})).status).toBe(400);
    expect((await list(cookie, room.id))[1]).toEqual(target);
  });

  test('another member\'s message does not exist for the editor, an admin included (404), nor does an unknown id; the body\'s userId must be the member\'s own (403)', async () => {
    const { actor, cookie, room, messages } = await conversation(1);
    const stranger = member();
    const admin = member({ isAdmin: true });
    expect((await edit(stranger.cookie, messages[1]!.id, { content: 'แฮ็ก' })).status).toBe(404);
    expect((await edit(admin.cookie, messages[1]!.id, { content: 'แฮ็ก' })).status).toBe(404);
    expect((await edit(cookie, 'no-such-message', { content: 'ไม่มี' })).status).toBe(404);
    expect((await edit(cookie, messages[1]!.id, { content: 'ของคนอื่น', userId: stranger.actor.id })).status).toBe(403);
    expect((await edit(cookie, messages[1]!.id, { content: 'ของฉัน', userId: actor.id })).status).toBe(200);
    expect((await list(cookie, room.id))[1]!.content).toBe('ของฉัน');
  });
});

describe('DELETE /api/chats/:id/messages?from=', () => {
  test('removes that message and every later one, answers how many went, recomputes the chat\'s last line and time, refunds nothing; the next send follows the cut', async () => {
    const { actor, cookie, room, messages } = await conversation(3);
    expect(messages).toHaveLength(7);
    const before = await ledgerOf(actor.id);
    const cut = messages[3]!; // ถาม 2

    const res = await rewind(cookie, room.id, `?from=${cut.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ removed: 4, lastMessage: 'ตอบ 1', lastUpdated: messages[2]!.timestamp } satisfies RewindResult);
    expect(await list(cookie, room.id)).toEqual(messages.slice(0, 3));
    const summary = (await api().get(`/api/chats/user/${actor.id}`).set('Cookie', cookie).expect(200)).body as ChatSummary[];
    expect(summary.find((c) => c.id === room.id)).toMatchObject({ lastMessage: 'ตอบ 1', lastUpdated: messages[2]!.timestamp });
    // Past spending stays spent: no refund, no entry at all.
    expect(await ledgerOf(actor.id)).toEqual(before);

    stack.llm.behave(() => ({ reply: 'ตอบหลังย้อน' }));
    const next = await api().post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'ถามหลังย้อน' });
    expect(next.status).toBe(200);
    const prompt = stack.llm.requests.at(-1)!.messages.map((m) => m.content).join('\n');
    expect(prompt).not.toContain('ถาม 2');
    expect(prompt).not.toContain('ตอบ 2');
    expect((await list(cookie, room.id)).map((m) => m.content)).toEqual([GREETING, 'ถาม 1', 'ตอบ 1', 'ถามหลังย้อน', 'ตอบหลังย้อน']);
  });

  test('rewinding from the greeting empties the chat: no last line, and its time is the chat\'s creation', async () => {
    const { cookie, room, messages } = await conversation(1);
    const res = await rewind(cookie, room.id, `?from=${messages[0]!.id}&count=3`);
    expect(res.body).toEqual({ removed: 3, lastMessage: '', lastUpdated: room.createdAt });
    expect(await list(cookie, room.id)).toEqual([]);
    expect(await getChat(cookie, room.id)).toMatchObject({ lastMessage: '', lastUpdated: room.createdAt });
  });

  test('given the count the confirm named, refuses when another number would go (409 REWIND_COUNT_CHANGED with the true count) and removes nothing', async () => {
    const { cookie, room, messages } = await conversation(2);
    const res = await rewind(cookie, room.id, `?from=${messages[1]!.id}&count=2`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: REWIND_MESSAGES.countChanged, code: CHAT_ERROR_CODES.rewindCountChanged, count: 4 });
    expect(await list(cookie, room.id)).toEqual(messages);
    expect((await rewind(cookie, room.id, `?from=${messages[1]!.id}&count=4`)).body).toMatchObject({ removed: 4 });
  });

  test('refuses while a send in that chat is under way (409 with the Thai text) and goes through once it is answered', async () => {
    const { cookie, room, messages } = await conversation(1);
    // Streamed, so the reply takes its time (a piece every 200 ms).
    stack.llm.behave(() => ({ reply: 'ช้า ๆ นะคะ', chunkSize: 1, chunkDelayMs: 200 }));
    const sending = api().post('/api/messages').set('Cookie', cookie).set('Accept', 'text/event-stream').send({ chatId: room.id, content: 'รอหน่อย' }).then((r) => r);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const refused = await rewind(cookie, room.id, `?from=${messages[1]!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: REWIND_MESSAGES.whileSending, code: CHAT_ERROR_CODES.rewindWhileSending });
    const done = parseEvents((await sending).text).find((e) => e.event === 'done');
    expect((done?.data as SendMessageResult).aiMessage.content).toBe('ช้า ๆ นะคะ');
    expect((await rewind(cookie, room.id, `?from=${messages[1]!.id}`)).body).toMatchObject({ removed: 4, lastMessage: GREETING });
  });

  test('another member\'s chat (an admin\'s too) or a message of another chat does not exist (404); a missing or malformed from is a 400', async () => {
    const a = await conversation(1);
    const b = await conversation(1);
    expect((await rewind(member().cookie, a.room.id, `?from=${a.messages[1]!.id}`)).status).toBe(404);
    expect((await rewind(member({ isAdmin: true }).cookie, a.room.id, `?from=${a.messages[1]!.id}`)).status).toBe(404);
    expect((await rewind(a.cookie, a.room.id, `?from=${b.messages[1]!.id}`)).status).toBe(404);
    expect((await rewind(a.cookie, a.room.id, '?from=no-such-message')).status).toBe(404);
    expect((await rewind(a.cookie, a.room.id, '')).status).toBe(400);
    expect((await rewind(a.cookie, a.room.id, `?from=${a.messages[1]!.id}&count=0`)).status).toBe(400);
    expect(await list(a.cookie, a.room.id)).toEqual(a.messages);
    expect(await list(b.cookie, b.room.id)).toEqual(b.messages);
  });

  test('a rewind in a long chat removes exactly the tail across a page boundary, and new messages take the freed places', async () => {
    const { cookie, room, messages } = await longRoom(2 * MESSAGE_PAGE_SIZE + 10);
    const cut = messages.length - 25; // a place on the previous page
    const res = await rewind(cookie, room.id, `?from=${messages[cut]!.id}`);
    expect(res.body).toMatchObject({ removed: 25, lastMessage: messages[cut - 1]!.content });
    expect(await list(cookie, room.id)).toEqual(messages.slice(0, cut));
    const heads = await chat.service.models.messageHeads.findById(room.id).lean();
    expect(heads?.seq).toBe(cut);
    stack.llm.behave(() => ({ reply: 'ต่อจากตรงนี้' }));
    await stack.wallet.credit((await getChat(cookie, room.id)).userId, 100);
    await api().post('/api/messages').set('Cookie', cookie).send({ chatId: room.id, content: 'ต่อ' }).expect(200);
    const page = (await api().get(`/api/messages/chat/${room.id}?limit=3`).set('Cookie', cookie).expect(200)).body as Message[];
    expect(page.map((m) => m.content)).toEqual([messages[cut - 1]!.content, 'ต่อ', 'ต่อจากตรงนี้']);
  });
});

describe('with another answer (alternatives)', () => {
  /** A conversation whose last reply has a second answer (`อีกคำตอบ`), selected; the ledger after it. */
  async function withAlternatives() {
    const c = await conversation(2);
    const reply = c.messages[4]!;
    stack.llm.behave(() => ({ reply: 'อีกคำตอบ' }));
    const res = await api().post(`/api/messages/${reply.id}/regenerate`).set('Cookie', c.cookie).send({ clientMessageId: `regen-${newId()}` });
    if (res.status !== 200) throw new Error(`regenerate answered ${res.status}: ${JSON.stringify(res.body)}`);
    const [latest] = ((await api().get(`/api/messages/chat/${c.room.id}?limit=1`).set('Cookie', c.cookie).expect(200)).body as Message[]);
    expect(latest).toMatchObject({ id: reply.id, alternatives: ['ตอบ 2', 'อีกคำตอบ'], selected: 1 });
    return { ...c, reply, ledger: await ledgerOf(c.actor.id) };
  }

  test('an edit of a reply with several answers changes the selected one only, and flipping away and back shows the edit; the choice moves no coin', async () => {
    const { actor, cookie, room, reply, ledger } = await withAlternatives();
    const res = await edit(cookie, reply.id, { content: 'อีกคำตอบที่แก้' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: reply.id, content: 'อีกคำตอบที่แก้', edited: true, alternatives: ['ตอบ 2', 'อีกคำตอบที่แก้'], selected: 1 });
    await api().put(`/api/messages/${reply.id}/selected`).set('Cookie', cookie).send({ index: 0 }).expect(200);
    expect((await list(cookie, room.id)).at(-1)).toMatchObject({ content: 'ตอบ 2', alternatives: ['ตอบ 2', 'อีกคำตอบที่แก้'], selected: 0 });
    await api().put(`/api/messages/${reply.id}/selected`).set('Cookie', cookie).send({ index: 1 }).expect(200);
    expect((await list(cookie, room.id)).at(-1)).toMatchObject({ content: 'อีกคำตอบที่แก้', selected: 1 });
    // Only the edit paid (a reply's first edit pays its whole length); flipping is free.
    expect(await stack.wallet.balance(actor.id)).toBe(ledger.balance - characterCount('อีกคำตอบที่แก้'));
    expect((await ledgerOf(actor.id)).entries).toHaveLength(ledger.entries.length + 1);
  });

  test('a rewind waits while another answer is being written in that chat (409 REWIND_WHILE_SENDING), and takes the reply with all its answers after', async () => {
    const { cookie, room, reply, messages } = await withAlternatives();
    stack.llm.behave(() => ({ reply: 'คำตอบที่สาม', chunkSize: 1, chunkDelayMs: 200 }));
    const writing = api().post(`/api/messages/${reply.id}/regenerate`).set('Cookie', cookie).set('Accept', 'text/event-stream').send({ clientMessageId: `regen-${newId()}` }).then((r) => r);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const refused = await rewind(cookie, room.id, `?from=${messages[3]!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(CHAT_ERROR_CODES.rewindWhileSending);
    expect(parseEvents((await writing).text).map((e) => e.event)).toContain('done');
    expect((await list(cookie, room.id)).at(-1)).toMatchObject({ alternatives: ['ตอบ 2', 'อีกคำตอบ', 'คำตอบที่สาม'] });
    expect((await rewind(cookie, room.id, `?from=${messages[3]!.id}&count=2`)).body).toMatchObject({ removed: 2, lastMessage: 'ตอบ 1' });
    expect(await chat.service.stores.alternatives.ofMessage(reply.id)).toEqual([]);
  });

  test('a branch copies a reply\'s answers with the selected one; a rewind removes them with the reply', async () => {
    const { actor, cookie, room, reply, ledger } = await withAlternatives();
    const made = (await branch(cookie, room.id, { fromMessageId: reply.id }).expect(201)).body as Chat;
    expect(made.lastMessage).toBe('อีกคำตอบ');
    const copied = (await list(cookie, made.id)).at(-1)!;
    expect(copied).toMatchObject({ content: 'อีกคำตอบ', alternatives: ['ตอบ 2', 'อีกคำตอบ'], selected: 1 });
    expect(copied.id).not.toBe(reply.id);
    // The copy's answers are its own: choosing in the branch leaves the source as it was.
    await api().put(`/api/messages/${copied.id}/selected`).set('Cookie', cookie).send({ index: 0 }).expect(200);
    expect((await list(cookie, room.id)).at(-1)).toMatchObject({ content: 'อีกคำตอบ', selected: 1 });

    expect((await rewind(cookie, room.id, `?from=${reply.id}`)).body).toMatchObject({ removed: 1, lastMessage: 'ถาม 2' });
    expect(await chat.service.stores.alternatives.ofMessage(reply.id)).toEqual([]);
    expect((await chat.service.stores.alternatives.ofMessage(copied.id)).length).toBe(2);
    expect(await ledgerOf(actor.id)).toEqual(ledger);
  });
});

describe('POST /api/chats/:id/branch', () => {
  test('answers 201 with a new chat of the same character whose history is a copy up to and including the message, with the persona and memory note; the source is untouched and no coin moves', async () => {
    const { actor, cookie, room, messages } = await conversation(3);
    const persona = (await api().post('/api/personas').set('Cookie', cookie).send({ name: 'ฟ้า', appearance: 'ผมยาว', personality: 'ร่าเริง', background: 'นักเรียน' }).expect(201)).body as { id: string };
    await api().post(`/api/chats/${room.id}/persona`).set('Cookie', cookie).send({ personaId: persona.id }).expect(200);
    await api().post(`/api/chats/${room.id}/memory`).set('Cookie', cookie).send({ memory: 'ชอบกินมะม่วง' }).expect(200);
    await edit(cookie, messages[2]!.id, { content: 'ตอบที่แก้' }).expect(200);
    const before = await ledgerOf(actor.id);

    const res = await branch(cookie, room.id, { fromMessageId: messages[4]!.id });
    expect(res.status).toBe(201);
    const made = res.body as Chat;
    expect(made).toEqual({
      id: expect.any(String), userId: actor.id, characterId: room.characterId, character: room.character,
      memory: 'ชอบกินมะม่วง', lastMessage: 'ตอบ 2', lastUpdated: made.createdAt, createdAt: expect.any(String), blocked: null,
    });
    expect(made.id).not.toBe(room.id);
    const copy = await list(cookie, made.id);
    const strip = (m: Message) => ({ content: m.content, isUser: m.isUser, timestamp: m.timestamp, persona: m.persona, offline: m.offline, edited: m.edited });
    expect(copy.map(strip)).toEqual(messages.slice(0, 5).map((m, i) => strip(i === 2 ? { ...m, content: 'ตอบที่แก้', edited: true } : m)));
    expect(copy.every((m) => m.chatId === made.id && !messages.some((o) => o.id === m.id))).toBe(true);
    expect((await api().get(`/api/chats/${made.id}/persona`).set('Cookie', cookie).expect(200)).body).toMatchObject({ personaId: persona.id });
    expect((await list(cookie, room.id)).map((m) => m.id)).toEqual(messages.map((m) => m.id));
    const rooms = (await api().get(`/api/chats/character/${room.characterId}`).set('Cookie', cookie).expect(200)).body as ChatSummary[];
    expect(rooms.map((c) => c.id).sort()).toEqual([room.id, made.id].sort());
    expect(await ledgerOf(actor.id)).toEqual(before);

    // The branch goes its own way: a send there continues from the copy.
    stack.llm.behave(() => ({ reply: 'ทางใหม่' }));
    await api().post('/api/messages').set('Cookie', cookie).send({ chatId: made.id, content: 'ลองทางอื่น' }).expect(200);
    const prompt = stack.llm.requests.at(-1)!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('ตอบที่แก้');
    expect(prompt).not.toContain('ถาม 3');
    expect((await list(cookie, made.id)).map((m) => m.content).slice(-3)).toEqual(['ตอบ 2', 'ลองทางอื่น', 'ทางใหม่']);
    expect(await list(cookie, room.id)).toHaveLength(7);
  });

  test('a branch from early in a long chat copies only up to that message, in order, and its pages hold them', async () => {
    const { cookie, room, messages } = await longRoom(2 * MESSAGE_PAGE_SIZE + 20);
    const at = MESSAGE_PAGE_SIZE + 5;
    const made = (await branch(cookie, room.id, { fromMessageId: messages[at]!.id }).expect(201)).body as Chat;
    expect(made.lastMessage).toBe(messages[at]!.content);
    const copy = await list(cookie, made.id);
    expect(copy.map((m) => m.content)).toEqual(messages.slice(0, at + 1).map((m) => m.content));
    const paged = (await api().get(`/api/messages/chat/${made.id}?limit=4`).set('Cookie', cookie).expect(200)).body as Message[];
    expect(paged.map((m) => m.content)).toEqual(messages.slice(at - 3, at + 1).map((m) => m.content));
  });

  test('another member\'s chat (an admin\'s too) or a message of another chat does not exist (404); a missing fromMessageId is a 400; a branch takes one of the day\'s new chats (429 past them)', async () => {
    const a = await conversation(1);
    const b = await conversation(1);
    expect((await branch(member().cookie, a.room.id, { fromMessageId: a.messages[1]!.id })).status).toBe(404);
    expect((await branch(member({ isAdmin: true }).cookie, a.room.id, { fromMessageId: a.messages[1]!.id })).status).toBe(404);
    expect((await branch(a.cookie, a.room.id, { fromMessageId: b.messages[1]!.id })).status).toBe(404);
    expect((await branch(a.cookie, a.room.id, {})).status).toBe(400);
    expect((await branch(a.cookie, a.room.id, { fromMessageId: a.messages[1]!.id, userId: b.actor.id })).status).toBe(403);

    const small = await startChat({ label: 'chat_history_quota', namespace: testNamespace(), chatsPerDay: 2 });
    try {
      const m = member();
      const room = await chatWith(small, m.cookie);
      const [greeting] = (await request(small.server).get(`/api/messages/chat/${room.id}`).set('Cookie', m.cookie).expect(200)).body as Message[];
      const fork = (from: string) => request(small.server).post(`/api/chats/${room.id}/branch`).set('Cookie', m.cookie).send({ fromMessageId: from });
      expect((await fork(greeting!.id)).status).toBe(201);
      const over = await fork(greeting!.id);
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('QUOTA');
    } finally {
      await small.close();
    }
  });
});
