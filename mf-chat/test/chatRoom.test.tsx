import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatThaiDate } from '@lakorn/ui';
import { ERROR_CODES } from '@lakorn/contracts/web';
import { currentLocation, member } from '@lakorn/shell-sdk/testing';
import { chat, message, mockChatApi, persona, renderApp, sendResult, sseStream, type Route } from './support';

// spec §2 chat screen, §4 message send / chat open / persona per chat, §5 message rules, §8 toasts.

const base = (extra: Record<string, Route> = {}) => ({
  'GET /api/chats/chat1': { body: chat() },
  'GET /api/messages/chat/chat1': { body: [message()] },
  [`GET /api/personas/user/${member.id}`]: { body: [] },
  'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
  ...extra,
});

const input = () => screen.getByRole('textbox', { name: 'พิมพ์ข้อความ' });
const sendButton = () => screen.getByRole('button', { name: 'ส่งข้อความ' });
const coinBadge = () => screen.getAllByTestId('coin-badge')[0]!;

describe('the header', () => {
  test('back goes to /library; the avatar falls back to the first letter; the options show name, genre, description, memory and delete', async () => {
    mockChatApi(base());
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    expect(await screen.findByRole('heading', { name: 'ดาวเหนือ' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('ด')).toBeInTheDocument();
    expect(within(header).getByTestId('coin-badge')).toHaveTextContent('100');

    await user.click(screen.getByRole('button', { name: 'ตัวเลือกแชท' }));
    const menu = screen.getByRole('menu', { name: 'ตัวเลือกแชท' });
    expect(within(menu).getByText('ดาวเหนือ')).toBeInTheDocument();
    expect(within(menu).getByText('โรแมนติก')).toBeInTheDocument();
    expect(within(menu).getByText('สาวริมทะเล')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'จัดการความทรงจำ' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'ลบแชทนี้' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'กลับไปที่คลังแชท' }));
    expect(currentLocation()).toBe('/library');
  });

  test('an image path goes through the fallback chain before the letter', async () => {
    mockChatApi(base({ 'GET /api/chats/chat1': { body: chat({ character: { id: 'char1', name: 'ดาวเหนือ', genre: 'daily', description: '', profileUrl: 'abc.png' } }) } }));
    renderApp('/chat/chat1');
    await screen.findByRole('heading', { name: 'ดาวเหนือ' });
    const img = screen.getByRole('banner').querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/character-images/abc.png');
    act(() => void img.dispatchEvent(new Event('error')));
    expect(screen.getByRole('banner').querySelector('img')!.getAttribute('src')).toBe('/uploads/character-images/abc.png?retry=1');
    act(() => void screen.getByRole('banner').querySelector('img')!.dispatchEvent(new Event('error')));
    act(() => void screen.getByRole('banner').querySelector('img')!.dispatchEvent(new Event('error')));
    expect(screen.getByRole('banner').querySelector('img')).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('ด')).toBeInTheDocument();
  });
});

describe('messages', () => {
  test('show HH:mm times, narration between single or double asterisks apart from speech, and an offline label', async () => {
    const at = '2025-01-08T07:05:00.000Z';
    mockChatApi(
      base({
        'GET /api/messages/chat/chat1': {
          body: [message({ content: '*ยิ้มอาย ๆ* สวัสดีค่ะ **มองออกไปนอกหน้าต่าง** วันนี้อากาศดี', timestamp: at, offline: true }), message({ id: 'm2', isUser: true, content: 'สวัสดีจ้า', timestamp: at })],
        },
      }),
    );
    renderApp('/chat/chat1');
    const list = await screen.findByRole('list', { name: 'ข้อความ' });
    await within(list).findByText('สวัสดีจ้า');
    const narration = [...list.querySelectorAll('[data-kind="narration"]')].map((n) => n.textContent);
    expect(narration).toEqual(['ยิ้มอาย ๆ', 'มองออกไปนอกหน้าต่าง']);
    expect(list.querySelector('[data-kind="narration"]')!.tagName).toBe('EM');
    expect(within(list).getAllByText(formatThaiDate(at, 'HH:mm'))).toHaveLength(2);
    expect(formatThaiDate(at, 'HH:mm')).toMatch(/^\d\d:\d\d$/);
    expect(within(list).getByText('ออฟไลน์')).toHaveAttribute('title', 'ตอบโดยระบบออฟไลน์ (ยังไม่ได้เชื่อมต่อ AI)');
  });
});

describe('sending', () => {
  test('streams: a temp- message and the typing indicator, the reply as it arrives, then the refreshed list and the balance down by the length', async () => {
    const stream = sseStream();
    let listed = [message()];
    const api = mockChatApi(
      base({
        'GET /api/messages/chat/chat1': () => ({ body: listed }),
        'POST /api/messages': () => stream.response(),
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await screen.findByText('สวัสดีค่ะ');
    expect(sendButton()).toBeDisabled();

    await user.type(input(), 'ไปเที่ยวกันไหม');
    expect(screen.getByText('ค่าส่ง 14 เหรียญ')).toBeInTheDocument();
    expect(screen.getByText('คงเหลือ 100 เหรียญ')).toBeInTheDocument();
    await user.click(sendButton());

    // Optimistic: the message shows at once, the input is cleared and locked, the indicator shows.
    const list = screen.getByRole('list', { name: 'ข้อความ' });
    expect(within(list).getByText('ไปเที่ยวกันไหม').closest('[data-message-id]')!.getAttribute('data-message-id')).toMatch(/^temp-/);
    expect(input()).toHaveValue('');
    expect(input()).toBeDisabled();
    expect(screen.getByRole('status', { name: 'ดาวเหนือ กำลังพิมพ์...' })).toBeInTheDocument();
    const sent = api.callsTo('POST', '/api/messages')[0]!;
    expect(sent.body).toMatchObject({ chatId: 'chat1', content: 'ไปเที่ยวกันไหม', isUser: true, userId: member.id });
    expect((sent.body as { clientMessageId: string }).clientMessageId).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(sent.headers.get('Accept')).toBe('text/event-stream');

    await act(async () => stream.event('start', { userMessage: message({ id: 'u-new', isUser: true, content: 'ไปเที่ยวกันไหม' }), cost: 14, balance: 86 }));
    await act(async () => stream.event('delta', { text: '*ตาเป็นประกาย* ' }));
    expect(await within(list).findByText('ตาเป็นประกาย')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'ดาวเหนือ กำลังพิมพ์...' })).toBeNull();
    await act(async () => stream.event('delta', { text: 'ไปสิคะ' }));
    expect(await within(list).findByText('ไปสิคะ')).toBeInTheDocument();

    listed = [message(), message({ id: 'u-new', isUser: true, content: 'ไปเที่ยวกันไหม' }), message({ id: 'u-new-r', content: '*ตาเป็นประกาย* ไปสิคะ' })];
    await act(async () => {
      stream.event('done', sendResult('ไปเที่ยวกันไหม', '*ตาเป็นประกาย* ไปสิคะ', { balance: 86 }));
      stream.close();
    });
    await waitFor(() => expect(list.querySelector('[data-message-id="u-new-r"]')).not.toBeNull());
    expect(list.querySelector('[data-message-id^="temp-"]')).toBeNull();
    expect(coinBadge()).toHaveTextContent('86');
    expect(input()).toBeEnabled();
  });

  test('blank text cannot be sent; too few coins disables send with the inline warning, and Enter gives the "has X but needs Y" toast', async () => {
    const api = mockChatApi(base());
    const user = userEvent.setup();
    renderApp('/chat/chat1', { coins: 5 });
    await screen.findByText('สวัสดีค่ะ');
    await user.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    expect(screen.queryByText('เหรียญไม่เพียงพอ กรุณาเติมเงินหรือย่อข้อความให้สั้นลง')).toBeNull();

    await user.clear(input());
    await user.type(input(), 'ข้อความยาวเกินไป');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('เหรียญไม่เพียงพอ กรุณาเติมเงินหรือย่อข้อความให้สั้นลง');
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'เติมเหรียญ' })).toHaveAttribute('href', '/profile#top-up');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('คุณมี 5 เหรียญ แต่ต้องใช้ 16 เหรียญ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/messages')).toHaveLength(0);
    expect(input()).toHaveValue('ข้อความยาวเกินไป');
  });

  test('on a touch keyboard (a coarse pointer) Enter starts a new line and only the send button sends; on a desktop Enter sends', async () => {
    const api = mockChatApi(base({ 'POST /api/messages': { body: sendResult('บรรทัดแรก\nบรรทัดสอง', 'รับทราบ') } }));
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(pointer: coarse)' })) as typeof window.matchMedia;
    try {
      const user = userEvent.setup();
      renderApp('/chat/chat1');
      await screen.findByText('สวัสดีค่ะ');
      await user.type(input(), 'บรรทัดแรก{Enter}บรรทัดสอง');
      expect(input()).toHaveValue('บรรทัดแรก\nบรรทัดสอง');
      expect(api.callsTo('POST', '/api/messages')).toHaveLength(0);
      await user.click(sendButton());
      await waitFor(() => expect(api.callsTo('POST', '/api/messages')).toHaveLength(1));
      expect((api.callsTo('POST', '/api/messages')[0]!.body as { content: string }).content).toBe('บรรทัดแรก\nบรรทัดสอง');
    } finally {
      window.matchMedia = desktop;
    }
  });

  test('a 402 removes the temporary message and shows the not-enough-coins toast', async () => {
    mockChatApi(base({ 'POST /api/messages': { status: 402, body: { message: 'Not enough coins', code: ERROR_CODES.notEnoughCoins, balance: 3, cost: 5 } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await screen.findByText('สวัสดีค่ะ');
    await user.type(input(), 'ฮัลโหล{Enter}');
    expect(await screen.findByText('เหรียญ ไม่เพียงพอ')).toBeInTheDocument();
    expect(screen.getByText('เติมเหรียญเพื่อส่งข้อความต่อ')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'ข้อความ' });
    expect(list.querySelector('[data-message-id^="temp-"]')).toBeNull();
    expect(within(list).queryByText('ฮัลโหล')).toBeNull();
    expect(coinBadge()).toHaveTextContent('100');
  });

  test('a reply that fails mid-stream removes both temporary messages and shows the AI failure toast with the coins given back, the text back in the input', async () => {
    const stream = sseStream();
    mockChatApi(base({ 'POST /api/messages': () => stream.response() }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await screen.findByText('สวัสดีค่ะ');
    await user.type(input(), 'เล่าต่อสิ{Enter}');
    await act(async () => stream.event('delta', { text: 'กำลังเล่า' }));
    expect(await screen.findByText('กำลังเล่า')).toBeInTheDocument();
    await act(async () => {
      stream.event('error', { message: 'The AI could not reply right now; any coins taken for this message were given back', code: 'AI_UNAVAILABLE', status: 503, refunded: 9 });
      stream.close();
    });
    expect(await screen.findByText('ไม่สามารถส่งข้อความได้')).toBeInTheDocument();
    // spec §8's text as written, then a second line: what came back.
    const toastText = screen.getByText(/AI ไม่สามารถตอบกลับได้ในขณะนี้ โปรดลองอีกครั้งในภายหลัง/);
    expect(toastText.textContent).toBe('AI ไม่สามารถตอบกลับได้ในขณะนี้ โปรดลองอีกครั้งในภายหลัง\nคืน 9 เหรียญให้คุณแล้ว');
    expect(screen.queryByText('กำลังเล่า')).toBeNull();
    expect(screen.queryByText('เล่าต่อสิ', { selector: 'span' })).toBeNull();
    expect(input()).toHaveValue('เล่าต่อสิ');
    expect(coinBadge()).toHaveTextContent('100');
  });
});

describe('a send whose answer is lost (ARCHITECTURE §6)', () => {
  test('a stream cut off by the gateway is not shown as failed: the send is asked for by its id until it is known, and the delivered reply shows', async () => {
    const stream = sseStream();
    let listed = [message()];
    let asked = 0;
    const api = mockChatApi(
      base({
        'GET /api/messages/chat/chat1': () => ({ body: listed }),
        'POST /api/messages': () => stream.response(),
        'GET /api/messages/by-client-id/*': () => {
          asked += 1;
          if (asked === 1) return { status: 202, body: { status: 'pending', message: 'pending', code: 'SEND_PENDING', decidedBy: new Date(Date.now() + 60_000).toISOString() } };
          listed = [message(), message({ id: 'u-new', isUser: true, content: 'ยังอยู่ไหม' }), message({ id: 'u-new-r', content: 'อยู่สิคะ' })];
          return { body: sendResult('ยังอยู่ไหม', 'อยู่สิคะ', { balance: 90 }) };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await screen.findByText('สวัสดีค่ะ');
    await user.type(input(), 'ยังอยู่ไหม{Enter}');
    await act(async () => {
      stream.event('start', { userMessage: message({ id: 'u-new', isUser: true, content: 'ยังอยู่ไหม' }), cost: 10, balance: 90 });
      stream.event('error', { message: 'Service failed', code: 'UPSTREAM_FAILED', status: 502 });
      stream.close();
    });
    // Still waiting, not failed: the typing indicator shows and no failure toast.
    expect(screen.getByRole('status', { name: 'ดาวเหนือ กำลังพิมพ์...' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'ข้อความ' });
    await waitFor(() => expect(list.querySelector('[data-message-id="u-new-r"]')).not.toBeNull(), { timeout: 5_000 });
    expect(screen.queryByText('ไม่สามารถส่งข้อความได้')).toBeNull();
    const sentId = (api.callsTo('POST', '/api/messages')[0]!.body as { clientMessageId: string }).clientMessageId;
    expect(api.calls.filter((c) => c.path === `/api/messages/by-client-id/${sentId}`)).toHaveLength(2);
    expect(coinBadge()).toHaveTextContent('90');
    expect(input()).toHaveValue('');
  });

  test('a lost answer whose send never reached the service (404 by its id) shows the failure toast, no coins taken, and the text back', async () => {
    mockChatApi(
      base({
        'POST /api/messages': { status: 504, body: { message: 'Service timed out', code: 'UPSTREAM_TIMEOUT' } },
        'GET /api/messages/by-client-id/*': { status: 404, body: { message: 'No message was sent with this id', code: 'NOT_FOUND' } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await screen.findByText('สวัสดีค่ะ');
    await user.type(input(), 'หายไปไหน{Enter}');
    expect(await screen.findByText('ไม่สามารถส่งข้อความได้', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/ไม่มีการหักเหรียญสำหรับข้อความนี้/)).toBeInTheDocument();
    expect(input()).toHaveValue('หายไปไหน');
    expect(coinBadge()).toHaveTextContent('100');
  });
});

describe('persona per chat', () => {
  test('the saved persona is preselected; "main identity" removes it; a chosen persona is stored and sent with messages', async () => {
    const personas = [persona(), persona({ id: 'persona2', name: 'จันทร์', personality: 'เงียบขรึม' })];
    const api = mockChatApi(
      base({
        [`GET /api/personas/user/${member.id}`]: { body: personas },
        'GET /api/chats/chat1/persona': { body: { personaId: 'persona2', persona: personas[1] } },
        'POST /api/chats/chat1/persona': { body: { personaId: 'persona1', persona: personas[0] } },
        'DELETE /api/chats/chat1/persona': { status: 204 },
        'POST /api/messages': { status: 402, body: { message: 'Not enough coins' } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    const picker = await screen.findByRole('combobox', { name: 'คุยในฐานะ' });
    await waitFor(() => expect(picker).toHaveValue('persona2'));
    const options = within(picker).getAllByRole('option').map((o) => o.textContent);
    // spec §9: a 30-character personality preview, cut at a Thai word (never "รักดนต", nor "นักสืบสาว — เ").
    expect(options).toEqual(['ตัวตนหลัก', 'อาทิตย์ — ร่าเริง ชอบแกล้งเพื่อน รัก...', 'จันทร์ — เงียบขรึม']);

    await user.selectOptions(picker, 'ตัวตนหลัก');
    await waitFor(() => expect(api.callsTo('DELETE', '/api/chats/chat1/persona')).toHaveLength(1));
    await user.selectOptions(picker, 'persona1');
    await waitFor(() => expect(api.callsTo('POST', '/api/chats/chat1/persona')[0]?.body).toEqual({ personaId: 'persona1' }));

    await user.type(input(), 'สวัสดี{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/messages')[0]?.body).toMatchObject({ personaId: 'persona1' }));
  });
});

describe('opening a chat (spec §4)', () => {
  test('an id that is not a chat is treated as a character id: the character is checked and a chat created, then shown', async () => {
    const api = mockChatApi({
      'GET /api/characters/charX': { body: { id: 'charX', name: 'ทะเล' } },
      'POST /api/chats': { status: 201, body: chat({ id: 'newChat', characterId: 'charX' }) },
      'GET /api/chats/newChat': { body: chat({ id: 'newChat', characterId: 'charX' }) },
      'GET /api/messages/chat/newChat': { body: [message({ chatId: 'newChat' })] },
      [`GET /api/personas/user/${member.id}`]: { body: [] },
      'GET /api/chats/newChat/persona': { body: { personaId: null, persona: null } },
    });
    renderApp('/chat/charX');
    await waitFor(() => expect(currentLocation()).toBe('/chat/newChat'));
    expect(await screen.findByText('สวัสดีค่ะ')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/chats/charX')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/messages/chat/charX')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/chats')[0]!.body).toEqual({ userId: member.id, characterId: 'charX', newChat: true });
    // spec §7: the chat and its messages are read with a cache-busting timestamp.
    expect(api.callsTo('GET', '/api/chats/newChat')[0]!.url.searchParams.get('t')).toMatch(/^\d+$/);
  });

  test('creation is retried once; when it fails again the chat is not shown and the start failure toast shows', async () => {
    const api = mockChatApi({
      'GET /api/characters/charX': { body: { id: 'charX', name: 'ทะเล' } },
      'POST /api/chats': { status: 404, body: { message: 'Character not found' } },
    });
    renderApp('/chat/charX');
    expect(await screen.findByText('ไม่พบห้องแชทนี้')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chats')).toHaveLength(2);
    expect(screen.getByText('ไม่สามารถเริ่มการสนทนาได้ โปรดลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'พิมพ์ข้อความ' })).toBeNull();
  });
});

describe('deleting the chat', () => {
  /** The room, then options → "delete this chat" → confirm. */
  async function deleteThroughTheMenu() {
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await screen.findByText('สวัสดีค่ะ');
    await user.click(screen.getByRole('button', { name: 'ตัวเลือกแชท' }));
    await user.click(screen.getByRole('menuitem', { name: 'ลบแชทนี้' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ลบแชท' }));
  }

  test('confirms, deletes, shows the success toast and goes to /library', async () => {
    const api = mockChatApi(base({ 'DELETE /api/chats/chat1': { status: 204 } }));
    await deleteThroughTheMenu();
    await waitFor(() => expect(currentLocation()).toBe('/library'));
    expect(api.callsTo('DELETE', '/api/chats/chat1')).toHaveLength(1);
    expect(screen.getByText('ลบห้องแชทเรียบร้อย')).toBeInTheDocument();
  });

  test('a failed deletion stays and shows the spec §8 toast', async () => {
    mockChatApi(base({ 'DELETE /api/chats/chat1': { status: 403, body: { message: 'no' } } }));
    await deleteThroughTheMenu();
    expect(await screen.findByText('ไม่สามารถลบห้องแชทได้ในขณะนี้')).toBeInTheDocument();
    expect(screen.getByText('เกิดข้อผิดพลาด')).toBeInTheDocument();
    expect(currentLocation()).toBe('/chat/chat1');
  });
});
