import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEXT_CURSOR_HEADER, type Message } from '@lakorn/contracts/web';
import { member } from '@lakorn/shell-sdk/testing';
import { chat, message, mockChatApi, renderApp, sendResult, sseStream, type Route } from './support';

// The chat screen reads its messages 50 at a time: GET /api/messages/chat/{id}?limit=50, older
// pages with &before=<the X-Next-Cursor of the page after them>, still arrays, oldest first.

const ROW_PX = 60;
const VIEW_PX = 600;

/** Turn n of the chat's 120 messages (m1 oldest … m120 newest) into Message objects. */
const numbered = (from: number, to: number): Message[] =>
  Array.from({ length: to - from + 1 }, (_, i) => message({ id: `m${from + i}`, content: `ข้อความที่ ${from + i}`, isUser: (from + i) % 2 === 0 }));

/** The fake server's paging: 120 messages, cursors 'c70' (before m71) and 'c20' (before m21). */
function pagedServer(extra: Record<string, Route> = {}, older: (before: string) => Route | null = () => null) {
  return mockChatApi({
    'GET /api/chats/chat1': { body: chat() },
    [`GET /api/personas/user/${member.id}`]: { body: [] },
    'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
    'GET /api/messages/chat/chat1': (call) => {
      const { url } = call;
      const limit = Number(url.searchParams.get('limit'));
      const before = url.searchParams.get('before');
      const override = before ? older(before) : null;
      if (override) return typeof override === 'function' ? override(call) : override;
      const end = before ? Number(before.slice(1)) : 120;
      const start = Math.max(1, end - limit + 1);
      const headers = start > 1 ? { [NEXT_CURSOR_HEADER]: `c${start - 1}` } : undefined;
      return new Response(JSON.stringify(numbered(start, end)), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
    },
    ...extra,
  });
}

/**
 * jsdom lays nothing out: the scroller gets a phone-like geometry, every row 60 px high, and a
 * scrollTop that stays within it as a browser's does.
 */
function layOut() {
  const scroller = screen.getByTestId('message-scroller');
  let top = 0;
  const height = () => scroller.querySelectorAll('li').length * ROW_PX;
  const clamp = (v: number) => Math.max(0, Math.min(v, Math.max(0, height() - VIEW_PX)));
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => VIEW_PX });
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: height });
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = clamp(v)) });
  return {
    scroller,
    bottom: () => clamp(Infinity),
    scrollTo(v: number) {
      top = clamp(v);
      fireEvent.scroll(scroller);
    },
  };
}

const list = () => screen.getByRole('list', { name: 'ข้อความ' });
const ids = () => [...list().querySelectorAll('[data-message-id]')].map((n) => n.getAttribute('data-message-id'));

// Pages of 50 rendered messages take seconds on a busy 2-core machine; this is no timing check.
jest.setTimeout(30_000);

describe('message paging', () => {
  test('opens on the newest 50 (limit=50), then loads the 50 before them with the X-Next-Cursor when scrolled to the top, keeping the reading position', async () => {
    const api = pagedServer();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('ข้อความที่ 120');
    expect(ids()).toEqual(numbered(71, 120).map((m) => m.id));
    const first = api.callsTo('GET', '/api/messages/chat/chat1')[0]!;
    expect(first.url.searchParams.get('limit')).toBe('50');
    expect(first.url.searchParams.get('before')).toBeNull();

    const view = layOut();
    // The reader is looking at m71 at the very top and scrolls there.
    view.scrollTo(0);
    expect(await screen.findByRole('status', { name: 'กำลังโหลด' })).toBeInTheDocument();
    expect(screen.getByText('กำลังโหลดข้อความก่อนหน้า...')).toBeInTheDocument();
    await within(list()).findByText('ข้อความที่ 21');
    const second = api.callsTo('GET', '/api/messages/chat/chat1')[1]!;
    expect(second.url.searchParams.get('before')).toBe('c70');
    expect(second.url.searchParams.get('limit')).toBe('50');
    expect(ids()).toEqual(numbered(21, 120).map((m) => m.id));
    // m71 is still where it was: 50 rows were put above it.
    expect(view.scroller.scrollTop).toBe(50 * ROW_PX);
    expect(screen.queryByText('กำลังโหลดข้อความก่อนหน้า...')).toBeNull();

    // The last page: 20 more, no cursor, and the start of the conversation is marked.
    view.scrollTo(0);
    await within(list()).findByText('ข้อความที่ 1');
    expect(api.callsTo('GET', '/api/messages/chat/chat1')[2]!.url.searchParams.get('before')).toBe('c20');
    expect(ids()).toEqual(numbered(1, 120).map((m) => m.id));
    expect(screen.getByText('จุดเริ่มต้นของบทสนทนา')).toBeInTheDocument();
    view.scrollTo(0);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(api.callsTo('GET', '/api/messages/chat/chat1')).toHaveLength(3);
  });

  test('a chat of fewer than 50 messages asks for no older page and shows no paging control', async () => {
    const api = mockChatApi({
      'GET /api/chats/chat1': { body: chat() },
      [`GET /api/personas/user/${member.id}`]: { body: [] },
      'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
      'GET /api/messages/chat/chat1': { body: numbered(1, 3) },
    });
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('ข้อความที่ 3');
    layOut().scrollTo(0);
    expect(screen.queryByRole('button', { name: 'ดูข้อความก่อนหน้า' })).toBeNull();
    expect(screen.queryByText('จุดเริ่มต้นของบทสนทนา')).toBeNull();
    expect(api.callsTo('GET', '/api/messages/chat/chat1')).toHaveLength(1);
  });

  test('an older page that fails says so in Thai with a retry that loads it; the newer messages stay', async () => {
    let fail = true;
    pagedServer({}, () => (fail ? { status: 400, body: { message: 'bad cursor' } } : null));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('ข้อความที่ 120');
    // The control at the top does what scrolling up does (keyboard and screen-reader users).
    await user.click(screen.getByRole('button', { name: 'ดูข้อความก่อนหน้า' }));
    expect(await screen.findByText('โหลดข้อความก่อนหน้าไม่สำเร็จ')).toBeInTheDocument();
    expect(ids()).toHaveLength(50);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    await within(list()).findByText('ข้อความที่ 21');
    expect(screen.queryByText('โหลดข้อความก่อนหน้าไม่สำเร็จ')).toBeNull();
    expect(ids()).toHaveLength(100);
  });

  test('the newest reply is scrolled fully into view when it arrives and the reader is at the end', async () => {
    const stream = sseStream();
    pagedServer({ 'POST /api/messages': () => stream.response() });
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('ข้อความที่ 120');
    const view = layOut();
    view.scrollTo(view.bottom());

    await user.type(screen.getByRole('textbox', { name: 'พิมพ์ข้อความ' }), 'เล่าต่อสิ{Enter}');
    await act(async () => stream.event('delta', { text: 'กาลครั้งหนึ่ง' }));
    await within(list()).findByText('กาลครั้งหนึ่ง');
    expect(view.scroller.scrollTop).toBe(view.bottom());
    expect(screen.queryByRole('button', { name: 'ข้อความล่าสุด' })).toBeNull();
  });

  test('a reply arriving while the reader is scrolled up shows "newest" instead of moving the view; it goes to the end', async () => {
    const stream = sseStream();
    const api = pagedServer({ 'POST /api/messages': () => stream.response() });
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('ข้อความที่ 120');
    const view = layOut();
    await user.type(screen.getByRole('textbox', { name: 'พิมพ์ข้อความ' }), 'เล่าต่อสิ{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/messages')).toHaveLength(1));

    // The reader scrolls up to read something older while the reply is being written.
    view.scrollTo(1000);
    await act(async () => stream.event('delta', { text: 'กาลครั้งหนึ่ง' }));
    await within(list()).findByText('กาลครั้งหนึ่ง');
    expect(view.scroller.scrollTop).toBe(1000);
    await act(async () => {
      stream.event('done', sendResult('เล่าต่อสิ', 'กาลครั้งหนึ่ง'));
      stream.close();
    });

    await user.click(await screen.findByRole('button', { name: 'ข้อความล่าสุด' }));
    expect(view.scroller.scrollTop).toBe(view.bottom());
    expect(screen.queryByRole('button', { name: 'ข้อความล่าสุด' })).toBeNull();
  });
});
