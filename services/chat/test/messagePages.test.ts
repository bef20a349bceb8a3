import request from 'supertest';
import { NEXT_CURSOR_HEADER, type Chat, type Message } from '@lakorn/contracts';
import { collectionOf } from '@lakorn/service-kit';
import { testNamespace } from '@lakorn/service-kit/testing';
import type { MessageDoc } from '../src/data/models';
import { MESSAGE_PAGE_SIZE } from '../src/data/messagePages';
import { newId } from '../src/domain/ids';
import { chatWith, member, startChat, type ChatUnderTest } from './support/harness';

/** Node lower-cases response header names. */
const CURSOR = NEXT_CURSOR_HEADER.toLowerCase();

// GET /api/messages/chat/{chatId}: spec §7's full array without paging parameters; with ?limit and
// &before, the newest messages before an opaque cursor, the next cursor in X-Next-Cursor. Pages and
// the prompt's history are read by equality on a page key (ARCHITECTURE §2), so these tests also
// pin where messages land: places in order, a stale head, chats stored before places existed.

jest.setTimeout(60_000);

let chat: ChatUnderTest;

beforeAll(async () => {
  chat = await startChat({ label: 'chat_pages', namespace: testNamespace() });
});

afterAll(async () => {
  await chat?.close();
});

const store = () => chat.service.stores.chats;

/** A room with the character's first message and then `count` more, one second apart. */
async function roomWith(count: number) {
  const m = member();
  const room: Chat = await chatWith(chat, m.cookie);
  const start = Date.now();
  for (let i = 1; i <= count; i++) {
    await store().insertMessage({
      _id: newId(),
      chatId: room.id,
      userId: m.actor.id,
      characterId: room.characterId,
      content: `ข้อความ ${i}`,
      isUser: i % 2 === 1,
      timestamp: new Date(start + i * 1000),
      persona: null,
      offline: false,
    });
  }
  return { ...m, room };
}

const list = (cookie: string, chatId: string, query = '') => request(chat.server).get(`/api/messages/chat/${chatId}${query}`).set('Cookie', cookie);

describe('GET /api/messages/chat/:chatId', () => {
  test('without paging parameters answers every message, oldest first, and no cursor', async () => {
    const { cookie, room } = await roomWith(60);
    const res = await list(cookie, room.id);
    expect(res.status).toBe(200);
    const messages = res.body as Message[];
    expect(messages).toHaveLength(61);
    expect(messages[0]!.content).toBe('*โบกมือ* สวัสดีค่ะ วันนี้ท้องฟ้าสวยจังเลยนะคะ');
    expect(messages.slice(1).map((m) => m.content)).toEqual(Array.from({ length: 60 }, (_, i) => `ข้อความ ${i + 1}`));
    expect(res.headers[CURSOR]).toBeUndefined();
  });

  test('?limit=N answers the newest N oldest first with X-Next-Cursor; following the cursors gives every message once, and the oldest page has no cursor', async () => {
    const { cookie, room } = await roomWith(122);
    const all = (await list(cookie, room.id)).body as Message[];
    const pages: Message[][] = [];
    let cursor: string | undefined;
    do {
      const res = await list(cookie, room.id, `?limit=50${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      pages.push(res.body as Message[]);
      cursor = res.headers[CURSOR] as string | undefined;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 23]);
    expect(pages.reverse().flat()).toEqual(all);
  });

  test('a cursor alone pages by 50; a limit over 100, a limit of 0 and a malformed cursor are refused (400)', async () => {
    const { cookie, room } = await roomWith(70);
    const first = await list(cookie, room.id, '?limit=5');
    expect((first.body as Message[]).map((m) => m.content)).toEqual(['ข้อความ 66', 'ข้อความ 67', 'ข้อความ 68', 'ข้อความ 69', 'ข้อความ 70']);
    const next = await list(cookie, room.id, `?before=${encodeURIComponent(first.headers[CURSOR] as string)}`);
    expect(next.status).toBe(200);
    expect((next.body as Message[]).map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `ข้อความ ${i + 16}`));
    expect((await list(cookie, room.id, '?limit=101')).status).toBe(400);
    expect((await list(cookie, room.id, '?limit=0')).status).toBe(400);
    expect((await list(cookie, room.id, '?limit=10&before=not-a-cursor')).status).toBe(400);
  });

  test('a page of someone else\'s chat does not exist (404)', async () => {
    const { room } = await roomWith(3);
    expect((await list(member().cookie, room.id, '?limit=10')).status).toBe(404);
  });
});

describe('where messages land (the prompt history and pages read only their pages)', () => {
  test('the prompt history is the newest messages across a page boundary, oldest first', async () => {
    const { room } = await roomWith(120);
    const history = await store().recentMessages(room.id, 60);
    expect(history.map((m) => m.content)).toEqual(Array.from({ length: 60 }, (_, i) => `ข้อความ ${i + 61}`));
  });

  test('a message past a stale head at the end of its page is still in the history and the newest page', async () => {
    // The first message has place 1; 48 more end page 0 at place 49, and the next one opens page 1.
    const { cookie, room } = await roomWith(MESSAGE_PAGE_SIZE - 1);
    const messageHeads = collectionOf(chat.service.models.messageHeads);
    await store().insertMessage({
      _id: newId(), chatId: room.id, userId: 'x', characterId: room.characterId, content: 'ล่าสุด', isUser: true,
      timestamp: new Date(Date.now() + 3_600_000), persona: null, offline: false,
    });
    // A writer that lost the head's race leaves it one place behind.
    await messageHeads.updateOne({ _id: room.id }, { $set: { seq: MESSAGE_PAGE_SIZE - 1 } });
    expect((await store().recentMessages(room.id, 3)).map((m) => m.content)).toEqual(['ข้อความ 48', 'ข้อความ 49', 'ล่าสุด']);
    expect(((await list(cookie, room.id, '?limit=1')).body as Message[]).map((m) => m.content)).toEqual(['ล่าสุด']);
  });

  test('two messages inserted at once are both kept and both paged', async () => {
    const { cookie, room } = await roomWith(2);
    const at = Date.now() + 10_000;
    const doc = (content: string, offset: number) => ({
      _id: newId(), chatId: room.id, userId: 'x', characterId: room.characterId, content, isUser: true,
      timestamp: new Date(at + offset), persona: null, offline: false,
    });
    await Promise.all([store().insertMessage(doc('หนึ่ง', 0)), store().insertMessage(doc('สอง', 1))]);
    const newest = ((await list(cookie, room.id, '?limit=2')).body as Message[]).map((m) => m.content);
    expect(newest.sort()).toEqual(['สอง', 'หนึ่ง'].sort());
    const all = ((await list(cookie, room.id)).body as Message[]).map((m) => m.content);
    expect(all).toHaveLength(5);
  });

  test('a chat stored before places existed gets them in time order on its first read, and new messages follow', async () => {
    const { cookie, room } = await roomWith(0);
    const messages = collectionOf(chat.service.models.messages);
    const messageHeads = collectionOf(chat.service.models.messageHeads);
    // As stored before: no place, no page, no head.
    await messages.deleteMany({ chatId: room.id });
    await messageHeads.deleteOne({ _id: room.id });
    const base = Date.now();
    const legacy: MessageDoc[] = [3, 1, 2].map((n) => ({
      _id: newId(), chatId: room.id, userId: 'x', characterId: room.characterId, content: `เก่า ${n}`, isUser: true,
      timestamp: new Date(base + n * 1000), persona: null, offline: false,
    }));
    await messages.insertMany(legacy);
    expect(((await list(cookie, room.id, '?limit=2')).body as Message[]).map((m) => m.content)).toEqual(['เก่า 2', 'เก่า 3']);
    await store().insertMessage({ ...legacy[0]!, _id: newId(), content: 'ใหม่', timestamp: new Date(base + 9000) });
    const stored = await messages.find({ chatId: room.id }).toArray();
    expect(stored.map((m) => [m.content, m.seq]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['เก่า 1', 1],
      ['เก่า 2', 2],
      ['เก่า 3', 3],
      ['ใหม่', 4],
    ]);
  });
});
