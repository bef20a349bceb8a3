import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_ERROR_CODES, ERROR_CODES, MEMORY_ERROR_CODES, MEMORY_MESSAGES, REWIND_MESSAGES, SWIPE_MESSAGES, type Message, type Pin } from '@lakorn/contracts/web';
import { INVALID_INPUT_MESSAGE } from '@lakorn/shell-sdk';
import { currentLocation, member } from '@lakorn/shell-sdk/testing';
import { chat, message, mockChatApi, renderApp, sendResult, sseStream, type Route } from './support';

// The chat screen's deeper turns: another answer (swipes) with its price, stop, edit, rewind,
// branch, and the greeting's alternatives.

const asked = message({ id: 'u1', isUser: true, content: 'เล่าเรื่องหน่อย' }); // 15 code points: the price
const reply = (extra: Partial<Message> = {}) =>
  message({ id: 'r1', content: 'คำตอบสอง', alternatives: ['คำตอบหนึ่ง', 'คำตอบสอง', 'คำตอบสาม'], selected: 1, ...extra });

const base = (messages: Message[], extra: Record<string, Route> = {}) => ({
  'GET /api/chats/chat1': { body: chat() },
  'GET /api/messages/chat/chat1': { body: messages },
  [`GET /api/personas/user/${member.id}`]: { body: [] },
  'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
  ...extra,
});

const list = () => screen.getByRole('list', { name: 'ข้อความ' });
const row = (id: string) => list().querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;
const coinBadge = () => screen.getAllByTestId('coin-badge')[0]!;
const anotherButton = (price: number) => screen.getByRole('button', { name: `ขอคำตอบใหม่ ${price} เหรียญ` });

async function openMenu(id: string, user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(row(id)).getByRole('button', { name: 'ตัวเลือกข้อความ' }));
  return within(row(id)).getByRole('menu', { name: 'ตัวเลือกข้อความ' });
}

describe('the answers of the latest reply', () => {
  test('show as "2/3" with arrows; an arrow shows that answer at once and saves the choice with PUT …/selected', async () => {
    const api = mockChatApi(base([asked, reply()], { 'PUT /api/messages/r1/selected': { body: reply({ content: 'คำตอบหนึ่ง', selected: 0 }) } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    expect(await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง')).toBeInTheDocument();
    expect(within(row('r1')).getByText('2/3')).toBeInTheDocument();
    expect(within(row('r1')).getByRole('status', { name: 'คำตอบที่ 2 จาก 3' })).toBeInTheDocument();

    await user.click(within(row('r1')).getByRole('button', { name: 'คำตอบก่อนหน้า' }));
    expect(within(row('r1')).getByText('คำตอบหนึ่ง')).toBeInTheDocument();
    expect(within(row('r1')).getByText('1/3')).toBeInTheDocument();
    expect(within(row('r1')).getByRole('button', { name: 'คำตอบก่อนหน้า' })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('PUT', '/api/messages/r1/selected')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/messages/r1/selected')[0]!.body).toEqual({ index: 0 });
  });

  test('a swipe to the left on the latest reply shows the next answer, to the right the previous one', async () => {
    const api = mockChatApi(
      base([asked, reply()], {
        'PUT /api/messages/r1/selected': (call) => {
          const index = (call.body as { index: number }).index;
          return { body: reply({ selected: index, content: reply().alternatives![index]! }) };
        },
      }),
    );
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    const bubble = within(row('r1')).getByText('คำตอบสอง').parentElement!;
    fireEvent.touchStart(bubble, { touches: [{ clientX: 300, clientY: 400 }] });
    fireEvent.touchEnd(bubble, { changedTouches: [{ clientX: 200, clientY: 410 }] });
    expect(await within(row('r1')).findByText('3/3')).toBeInTheDocument();
    expect(within(row('r1')).getByText('คำตอบสาม')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/messages/r1/selected')[0]?.body).toEqual({ index: 2 }));

    // A mostly vertical move is a scroll, not a swipe.
    const now = within(row('r1')).getByText('คำตอบสาม').parentElement!;
    fireEvent.touchStart(now, { touches: [{ clientX: 200, clientY: 400 }] });
    fireEvent.touchEnd(now, { changedTouches: [{ clientX: 270, clientY: 250 }] });
    expect(within(row('r1')).getByText('3/3')).toBeInTheDocument();

    fireEvent.touchStart(now, { touches: [{ clientX: 100, clientY: 400 }] });
    fireEvent.touchEnd(now, { changedTouches: [{ clientX: 220, clientY: 400 }] });
    expect(await within(row('r1')).findByText('2/3')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/messages/r1/selected')).toHaveLength(2));
  });

  test('a choice the server refuses goes back to its answer with a Thai toast', async () => {
    mockChatApi(base([asked, reply()], { 'PUT /api/messages/r1/selected': { status: 400, body: { message: SWIPE_MESSAGES.noSuchAlternative } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(row('r1')).getByRole('button', { name: 'คำตอบถัดไป' }));
    expect(await screen.findByText('เปลี่ยนคำตอบไม่สำเร็จ โปรดลองอีกครั้ง')).toBeInTheDocument();
    expect(within(row('r1')).getByText('2/3')).toBeInTheDocument();
    expect(within(row('r1')).getByText('คำตอบสอง')).toBeInTheDocument();
  });

  test('only the latest reply has arrows and the button for another answer; an older reply has neither', async () => {
    const older = message({ id: 'r0', content: 'ตอบเก่า', alternatives: ['ตอบเก่า', 'ตอบเก่าอีกแบบ'], selected: 0 });
    mockChatApi(base([message({ id: 'u0', isUser: true, content: 'แรก' }), older, asked, message({ id: 'r1', content: 'คำตอบเดียว' })]));
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบเดียว');
    expect(within(row('r0')).queryByRole('button', { name: /ขอคำตอบใหม่/ })).toBeNull();
    expect(within(row('r0')).queryByRole('button', { name: 'คำตอบถัดไป' })).toBeNull();
    // A single answer: no counter yet, only the button, priced at the member's message (15 coins).
    expect(within(row('r1')).queryByRole('status')).toBeNull();
    expect(anotherButton(15)).toBeEnabled();
  });
});

describe('another answer', () => {
  test('its button shows the price before it is tapped; the answer streams into the reply, then shows as 4/4 and the balance falls by the price', async () => {
    const stream = sseStream();
    let listed = [asked, reply()];
    const api = mockChatApi(
      base([], {
        'GET /api/messages/chat/chat1': () => ({ body: listed }),
        'POST /api/messages/r1/regenerate': () => stream.response(),
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    expect(anotherButton(15)).toHaveTextContent('ขอคำตอบใหม่ 15 เหรียญ');
    await user.click(anotherButton(15));

    const sent = api.callsTo('POST', '/api/messages/r1/regenerate')[0]!;
    expect((sent.body as { clientMessageId: string }).clientMessageId).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(sent.headers.get('Accept')).toBe('text/event-stream');
    expect(screen.getByRole('status', { name: 'ดาวเหนือ กำลังพิมพ์...' })).toBeInTheDocument();

    await act(async () => stream.event('start', { userMessage: asked, cost: 15, balance: 85 }));
    await act(async () => stream.event('delta', { text: 'คำตอบ' }));
    await act(async () => stream.event('delta', { text: 'ที่สี่' }));
    expect(await within(row('r1')).findByText('คำตอบที่สี่')).toBeInTheDocument();
    expect(within(row('r1')).getByText('4/4')).toBeInTheDocument();
    // While it streams nothing else can be asked for, and it can be stopped.
    expect(anotherButton(15)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'หยุดตอบ' })).toBeInTheDocument();

    const answered = reply({ content: 'คำตอบที่สี่', alternatives: [...reply().alternatives!, 'คำตอบที่สี่'], selected: 3 });
    listed = [asked, answered];
    await act(async () => {
      stream.event('done', { ...sendResult('เล่าเรื่องหน่อย', 'คำตอบที่สี่', { balance: 85, cost: 15 }), userMessage: asked, aiMessage: answered });
      stream.close();
    });
    await waitFor(() => expect(within(row('r1')).getByText('4/4')).toBeInTheDocument());
    expect(coinBadge()).toHaveTextContent('85');
    expect(anotherButton(15)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'ส่งข้อความ' })).toBeInTheDocument();
  });

  test('with fewer coins than the price nothing is asked: the "has X but needs Y" toast', async () => {
    const api = mockChatApi(base([asked, reply()]));
    const user = userEvent.setup();
    renderApp('/chat/chat1', { coins: 10 });
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(anotherButton(15));
    expect(await screen.findByText('คุณมี 10 เหรียญ แต่ต้องใช้ 15 เหรียญ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/messages/r1/regenerate')).toHaveLength(0);
  });

  test('another answer the member cannot afford says so before the tap (เหรียญไม่พอ) with a way to top up; one they can afford does not', async () => {
    mockChatApi(base([asked, reply()]));
    const user = userEvent.setup();
    const shown = renderApp('/chat/chat1', { coins: 10 });
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    expect(within(row('r1')).getByText('เหรียญไม่พอ')).toBeInTheDocument();
    const topUp = within(row('r1')).getByRole('link', { name: 'เติมเหรียญ' });
    expect(topUp).toHaveAttribute('href', '/profile#top-up');
    await user.click(topUp);
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    shown.unmount();
    mockChatApi(base([asked, reply()]));
    renderApp('/chat/chat1', { coins: 15 });
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    expect(within(row('r1')).queryByText('เหรียญไม่พอ')).toBeNull();
  });

  test('an edit the member cannot afford says so in the dialog before the tap, with a way to top up', async () => {
    mockChatApi(base([asked, reply()]));
    const user = userEvent.setup();
    renderApp('/chat/chat1', { coins: 2 });
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'แก้ไข' }));
    const dialog = screen.getByRole('dialog', { name: 'แก้ไขข้อความ' });
    await user.type(within(dialog).getByRole('textbox', { name: 'ข้อความ' }), 'ต่อ'); // 3 coins
    expect(within(dialog).getByText('เหรียญไม่พอ')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'เติมเหรียญ' })).toHaveAttribute('href', '/profile#top-up');
  });

  test("the server's 402 gives the not-enough-coins toast for another answer", async () => {
    mockChatApi(base([asked, reply()], { 'POST /api/messages/r1/regenerate': { status: 402, body: { message: 'Not enough coins', code: ERROR_CODES.notEnoughCoins } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(anotherButton(15));
    expect(await screen.findByText('เหรียญ ไม่เพียงพอ')).toBeInTheDocument();
    expect(screen.getByText('เติมเหรียญเพื่อขอคำตอบใหม่')).toBeInTheDocument();
    expect(within(row('r1')).getByText('คำตอบสอง')).toBeInTheDocument();
    expect(coinBadge()).toHaveTextContent('100');
  });

  test("a 409 (the 11th answer) shows the server's Thai text and takes no coins", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `แบบที่ ${i + 1}`);
    mockChatApi(
      base([asked, reply({ content: 'แบบที่ 9', alternatives: nine, selected: 8 })], {
        'POST /api/messages/r1/regenerate': { status: 409, body: { message: SWIPE_MESSAGES.full, code: CHAT_ERROR_CODES.alternativesFull } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('แบบที่ 9');
    await user.click(anotherButton(15));
    expect(await screen.findByText('ขอคำตอบใหม่ไม่ได้')).toBeInTheDocument();
    expect(screen.getByText(SWIPE_MESSAGES.full)).toBeInTheDocument();
    expect(coinBadge()).toHaveTextContent('100');
  });

  test('a reply with 10 answers offers no 11th: the button reads "ครบ 10 คำตอบแล้ว" and is disabled', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `แบบที่ ${i + 1}`);
    mockChatApi(base([asked, reply({ content: 'แบบที่ 10', alternatives: ten, selected: 9 })]));
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('แบบที่ 10');
    expect(within(row('r1')).getByText('10/10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ครบ 10 คำตอบแล้ว' })).toBeDisabled();
  });

  test('a failure mid-stream puts the chosen answer back and says the coins came back', async () => {
    const stream = sseStream();
    mockChatApi(base([asked, reply()], { 'POST /api/messages/r1/regenerate': () => stream.response() }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(anotherButton(15));
    await act(async () => stream.event('delta', { text: 'ครึ่ง' }));
    expect(await within(row('r1')).findByText('ครึ่ง')).toBeInTheDocument();
    await act(async () => {
      stream.event('error', { message: 'The AI could not reply right now', code: 'AI_UNAVAILABLE', status: 503, refunded: 15 });
      stream.close();
    });
    expect(await screen.findByText('ขอคำตอบใหม่ไม่สำเร็จ')).toBeInTheDocument();
    expect(screen.getByText(/คืน 15 เหรียญให้คุณแล้ว/)).toBeInTheDocument();
    expect(within(row('r1')).getByText('คำตอบสอง')).toBeInTheDocument();
    expect(within(row('r1')).getByText('2/3')).toBeInTheDocument();
  });
});

describe('stop', () => {
  test('stops a streaming reply and keeps what arrived; the kept reply can then get another answer', async () => {
    const stream = sseStream();
    let listed: Message[] = [message({ id: 'g', content: 'สวัสดีค่ะ' })];
    const kept = message({ id: 'r1', content: 'กาลครั้งหนึ่ง' });
    const api = mockChatApi(
      base([], {
        'GET /api/messages/chat/chat1': () => ({ body: listed }),
        'POST /api/messages': () => stream.response(),
        // A stream the client leaves is a stop: the server keeps what was written as the reply, paid.
        'GET /api/messages/by-client-id/*': () => {
          listed = [message({ id: 'g', content: 'สวัสดีค่ะ' }), asked, kept];
          return { body: { ...sendResult('เล่าเรื่องหน่อย', 'กาลครั้งหนึ่ง', { balance: 85, cost: 15 }), userMessage: asked, aiMessage: kept } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('สวัสดีค่ะ');
    expect(screen.queryByRole('button', { name: 'หยุดตอบ' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'พิมพ์ข้อความ' }), 'เล่าเรื่องหน่อย{Enter}');
    await act(async () => stream.event('start', { userMessage: asked, cost: 15, balance: 85 }));
    await act(async () => stream.event('delta', { text: 'กาลครั้งหนึ่ง' }));
    expect(await within(list()).findByText('กาลครั้งหนึ่ง')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'หยุดตอบ' }));
    // Still shown while the send's outcome is asked for, then the kept reply from the list.
    expect(within(list()).getByText('กาลครั้งหนึ่ง')).toBeInTheDocument();
    await waitFor(() => expect(row('r1')).not.toBeNull(), { timeout: 5_000 });
    const sentId = (api.callsTo('POST', '/api/messages')[0]!.body as { clientMessageId: string }).clientMessageId;
    expect(api.calls.filter((c) => c.path === `/api/messages/by-client-id/${sentId}`)).toHaveLength(1);
    expect(within(row('r1')).getByText('กาลครั้งหนึ่ง')).toBeInTheDocument();
    expect(list().querySelector('[data-message-id^="temp-"]')).toBeNull();
    // No failure: the coins stay spent (they paid for the member's message) and the text is not given back.
    expect(screen.queryByText('ไม่สามารถส่งข้อความได้')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'พิมพ์ข้อความ' })).toHaveValue('');
    expect(coinBadge()).toHaveTextContent('85');
    expect(anotherButton(15)).toBeEnabled();
  });
});

describe('a message menu', () => {
  test('its button (for keyboards) and a long press (on a phone) open edit, branch, pin and rewind', async () => {
    mockChatApi(base([asked, reply()]));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    const menu = await openMenu('u1', user);
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['แก้ไข', 'แยกเรื่องจากตรงนี้', 'ปักหมุด', 'ลบตั้งแต่ข้อความนี้']);
    expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'แยกเรื่องจากตรงนี้' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(row('u1')).queryByRole('menu')).toBeNull();
    expect(within(row('u1')).getByRole('button', { name: 'ตัวเลือกข้อความ' })).toHaveFocus();

    const bubble = within(row('r1')).getByText('คำตอบสอง').parentElement!;
    fireEvent.touchStart(bubble, { touches: [{ clientX: 100, clientY: 300 }] });
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    fireEvent.touchEnd(bubble, { changedTouches: [{ clientX: 100, clientY: 300 }] });
    expect(within(row('r1')).getByRole('menu', { name: 'ตัวเลือกข้อความ' })).toBeInTheDocument();
    // A held press is not a swipe: the answer shown stays.
    expect(within(row('r1')).getByText('2/3')).toBeInTheDocument();
  });

  test('edit changes the shown answer of a reply and marks it edited; the save button shows its cost before the tap (a reply\'s first edit pays its whole length) and the balance follows', async () => {
    const api = mockChatApi(base([asked, reply()], { 'PUT /api/messages/r1': { body: reply({ content: 'คำตอบที่แก้', alternatives: ['คำตอบหนึ่ง', 'คำตอบที่แก้', 'คำตอบสาม'], edited: true }) } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('r1', user)).getByRole('menuitem', { name: 'แก้ไข' }));
    const dialog = screen.getByRole('dialog', { name: 'แก้ไขข้อความ' });
    const box = within(dialog).getByRole('textbox', { name: 'ข้อความ' });
    expect(box).toHaveValue('คำตอบสอง');
    await user.clear(box);
    expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeDisabled();
    await user.type(box, 'คำตอบที่แก้');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก · 11 เหรียญ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', '/api/messages/r1')[0]!.body).toEqual({ content: 'คำตอบที่แก้', cost: 11 });
    expect(within(row('r1')).getByText('คำตอบที่แก้')).toBeInTheDocument();
    expect(within(row('r1')).getByText('แก้ไขแล้ว')).toBeInTheDocument();
    expect(screen.getByText('แก้ไขข้อความแล้ว')).toBeInTheDocument();
    expect(coinBadge()).toHaveTextContent('89');
  });

  test('an edit of the member\'s own message costs only the code points past what its send paid, and shows no price while it does not grow', async () => {
    mockChatApi(base([asked, reply()]));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'แก้ไข' }));
    const dialog = screen.getByRole('dialog', { name: 'แก้ไขข้อความ' });
    const box = within(dialog).getByRole('textbox', { name: 'ข้อความ' });
    await user.type(box, 'ต่อ');
    expect(within(dialog).getByRole('button', { name: 'บันทึก · 3 เหรียญ' })).toBeEnabled();
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeEnabled();
    await user.clear(box);
    await user.type(box, 'สั้นลง');
    expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeEnabled();
  });

  test('an edit refused for too few coins (402) shows the send\'s not-enough toast with the balance and the cost; the dialog stays open', async () => {
    const edited = message({ id: 'u1', isUser: true, content: 'เล่าเรื่องหน่อย', edited: true, paid: 40 });
    const api = mockChatApi(base([edited, reply()], { 'PUT /api/messages/u1': { status: 402, body: { message: 'Not enough coins', code: 'NOT_ENOUGH_COINS', balance: 2, cost: 3 } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'แก้ไข' }));
    const dialog = screen.getByRole('dialog', { name: 'แก้ไขข้อความ' });
    // 40 paid: 15 + 25 more is still free, 3 past that are not.
    await user.type(within(dialog).getByRole('textbox', { name: 'ข้อความ' }), 'ก'.repeat(25));
    expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeEnabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'ข้อความ' }), 'ขขข');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก · 3 เหรียญ' }));
    expect(await screen.findByText('เหรียญ ไม่เพียงพอ')).toBeInTheDocument();
    expect(screen.getByText('คุณมี 2 เหรียญ แต่ต้องใช้ 3 เหรียญ')).toBeInTheDocument();
    expect(screen.queryByText('แก้ไขข้อความไม่สำเร็จ โปรดลองอีกครั้ง')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'แก้ไขข้อความ' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/messages/u1')[0]!.body).toEqual({ content: `เล่าเรื่องหน่อย${'ก'.repeat(25)}ขขข`, cost: 3 });
  });

  test("an edit refused as a 400 VALIDATION worded in English shows members the Thai text, never the server's English", async () => {
    mockChatApi(base([asked, reply()], { 'PUT /api/messages/u1': { status: 400, body: { message: 'content: String must contain at most 4000 character(s)', code: ERROR_CODES.validation } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'แก้ไข' }));
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'ข้อความ' }), 'ต่อ');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'บันทึก · 3 เหรียญ' }));
    expect(await screen.findByText(INVALID_INPUT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/String must contain/)).toBeNull();
  });

  test("a refused edit keeps the dialog open with the failure toast", async () => {
    mockChatApi(base([asked, reply()], { 'PUT /api/messages/u1': { status: 403, body: { message: 'Not your message' } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'แก้ไข' }));
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'ข้อความ' }), 'ต่อ');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'บันทึก · 3 เหรียญ' }));
    expect(await screen.findByText('แก้ไขข้อความไม่สำเร็จ โปรดลองอีกครั้ง')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'แก้ไขข้อความ' })).toBeInTheDocument();
  });

  test('rewind asks first, naming how many messages go and that spent coins are not returned, then removes them', async () => {
    let listed: Message[] = [message({ id: 'g' }), asked, reply()];
    const api = mockChatApi(
      base([], {
        'GET /api/messages/chat/chat1': () => ({ body: listed }),
        'DELETE /api/chats/chat1/messages': () => {
          listed = [message({ id: 'g' })];
          return { body: { removed: 2, lastMessage: 'สวัสดีค่ะ', lastUpdated: new Date().toISOString() } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'ลบตั้งแต่ข้อความนี้' }));
    const confirm = screen.getByRole('dialog', { name: 'ลบตั้งแต่ข้อความนี้?' });
    expect(confirm).toHaveTextContent('รวม 2 ข้อความ');
    expect(confirm).toHaveTextContent('เหรียญที่ใช้ไปแล้วจะไม่ได้รับคืน');
    await user.click(within(confirm).getByRole('button', { name: 'ลบ 2 ข้อความ' }));
    await waitFor(() => expect(list().querySelector('[data-message-id="u1"]')).toBeNull());
    expect(list().querySelector('[data-message-id="r1"]')).toBeNull();
    const call = api.callsTo('DELETE', '/api/chats/chat1/messages')[0]!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ from: 'u1', count: '2' });
    expect(screen.getByText('ลบ 2 ข้อความแล้ว')).toBeInTheDocument();
    expect(coinBadge()).toHaveTextContent('100');
  });

  test('rewind whose count changed meanwhile asks again with the new number', async () => {
    let answered = 0;
    const api = mockChatApi(
      base([asked, reply()], {
        'DELETE /api/chats/chat1/messages': () =>
          ++answered === 1
            ? { status: 409, body: { message: REWIND_MESSAGES.countChanged, code: CHAT_ERROR_CODES.rewindCountChanged, count: 4 } }
            : { body: { removed: 4, lastMessage: '', lastUpdated: new Date().toISOString() } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'ลบตั้งแต่ข้อความนี้' }));
    await user.click(screen.getByRole('button', { name: 'ลบ 2 ข้อความ' }));
    expect(await screen.findByRole('button', { name: 'ลบ 4 ข้อความ' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('รวม 4 ข้อความ');
    expect(screen.getByText(REWIND_MESSAGES.countChanged)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ลบ 4 ข้อความ' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/chats/chat1/messages')).toHaveLength(2));
    expect(api.callsTo('DELETE', '/api/chats/chat1/messages')[1]!.url.searchParams.get('count')).toBe('4');
  });

  test('branch makes a new chat from that message and opens it', async () => {
    const api = mockChatApi(
      base([asked, reply()], {
        'POST /api/chats/chat1/branch': { status: 201, body: chat({ id: 'chat2' }) },
        'GET /api/chats/chat2': { body: chat({ id: 'chat2' }) },
        'GET /api/messages/chat/chat2': { body: [message({ id: 'c2u', chatId: 'chat2', isUser: true, content: 'เล่าเรื่องหน่อย' })] },
        'GET /api/chats/chat2/persona': { body: { personaId: null, persona: null } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'แยกเรื่องจากตรงนี้' }));
    await waitFor(() => expect(currentLocation()).toBe('/chat/chat2'));
    expect(api.callsTo('POST', '/api/chats/chat1/branch')[0]!.body).toEqual({ userId: member.id, fromMessageId: 'u1' });
    expect(await screen.findByText('แยกเรื่องเป็นแชทใหม่แล้ว')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('list', { name: 'ข้อความ' }).querySelector('[data-message-id="c2u"]')).not.toBeNull());
  });
});

describe('pins', () => {
  const pinOf = (m: Message): Pin => ({ messageId: m.id, chatId: 'chat1', content: m.content, isUser: m.isUser, timestamp: m.timestamp, tokens: 5, pinnedAt: new Date().toISOString() });

  test('pin from the menu marks the message pinned; the menu then offers to unpin it', async () => {
    let pins: Pin[] = [];
    const api = mockChatApi(
      base([asked, reply()], {
        'GET /api/chats/chat1/pins': () => ({ body: pins }),
        'POST /api/messages/u1/pin': () => {
          pins = [pinOf(asked)];
          return { status: 201, body: pins[0] };
        },
        'DELETE /api/messages/u1/pin': () => {
          pins = [];
          return { status: 204 };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    expect(within(row('u1')).queryByText('ปักหมุดแล้ว')).toBeNull();
    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'ปักหมุด' }));
    expect(await within(row('u1')).findByText('ปักหมุดแล้ว')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/messages/u1/pin')).toHaveLength(1);

    await user.click(within(await openMenu('u1', user)).getByRole('menuitem', { name: 'เลิกปักหมุด' }));
    await waitFor(() => expect(within(row('u1')).queryByText('ปักหมุดแล้ว')).toBeNull());
    expect(api.callsTo('DELETE', '/api/messages/u1/pin')).toHaveLength(1);
  });

  test("a pin past the limit shows the server's Thai reason", async () => {
    mockChatApi(
      base([asked, reply()], {
        'GET /api/chats/chat1/pins': { body: [] },
        'POST /api/messages/r1/pin': { status: 409, body: { message: MEMORY_MESSAGES.pinLimit, code: MEMORY_ERROR_CODES.pinLimit } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('คำตอบสอง');
    await user.click(within(await openMenu('r1', user)).getByRole('menuitem', { name: 'ปักหมุด' }));
    expect(await screen.findByText('ปักหมุดไม่สำเร็จ โปรดลองอีกครั้ง')).toBeInTheDocument();
    expect(screen.getByText(MEMORY_MESSAGES.pinLimit)).toBeInTheDocument();
    expect(within(row('r1')).queryByText('ปักหมุดแล้ว')).toBeNull();
  });
});

describe('the greeting', () => {
  test("a card's alternate greetings are flipped for free before the first send; no answer can be bought for it", async () => {
    const greeting = message({ id: 'g', content: 'ทักทายหนึ่ง', alternatives: ['ทักทายหนึ่ง', 'ทักทายสอง', 'ทักทายสาม'], selected: 0 });
    const api = mockChatApi(base([greeting], { 'PUT /api/messages/g/selected': { body: { ...greeting, content: 'ทักทายสอง', selected: 1 } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('ทักทายหนึ่ง');
    expect(within(row('g')).getByRole('status', { name: 'คำทักทายที่ 1 จาก 3' })).toHaveTextContent('1/3');
    expect(screen.queryByRole('button', { name: /ขอคำตอบใหม่/ })).toBeNull();
    await user.click(within(row('g')).getByRole('button', { name: 'คำทักทายถัดไป' }));
    expect(within(row('g')).getByText('ทักทายสอง')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/messages/g/selected')[0]?.body).toEqual({ index: 1 }));
    expect(within(row('g')).getByText('2/3')).toBeInTheDocument();
    expect(coinBadge()).toHaveTextContent('100');
  });
});
