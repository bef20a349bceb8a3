import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { member } from '@lakorn/shell-sdk/testing';
import type { ChatSummaryView, Pin } from '@lakorn/contracts/web';
import { chat, message, mockChatApi, renderApp, type Route } from './support';

// spec §2/§4 memory dialog: loads the memory, at most 1000 characters with a remaining counter,
// empty text deletes, no change just closes; §8 memory save failure. Beside the note: the story's
// summary (shown, editable, saved with the note by the dialog's one button) and the pinned messages (listed, removable). The note
// and the summary pay the code points a save adds past what they paid, shown on their save buttons
// (chat README "Paying for text that reaches the model").

const noSummary: ChatSummaryView = { summary: '', coveredTo: 0, edited: false, updatedAt: null };

const routes = (memory: Route, extra: Record<string, Route> = {}) => ({
  'GET /api/chats/chat1': { body: chat() },
  'GET /api/messages/chat/chat1': { body: [message()] },
  [`GET /api/personas/user/${member.id}`]: { body: [] },
  'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
  'GET /api/chats/chat1/memory': memory,
  'GET /api/chats/chat1/summary': { body: noSummary },
  'GET /api/chats/chat1/pins': { body: [] },
  ...extra,
});

const NOTE = { name: 'สิ่งที่อยากให้ตัวละครจำไว้' };

async function openMemory(user: ReturnType<typeof userEvent.setup>) {
  // The first render of a file compiles and loads the whole chat screen: give it time on a busy machine.
  await screen.findByText('สวัสดีค่ะ', undefined, { timeout: 10_000 });
  await user.click(screen.getByRole('button', { name: 'ตัวเลือกแชท' }));
  await user.click(screen.getByRole('menuitem', { name: 'จัดการความทรงจำ' }));
  return screen.findByRole('dialog', { name: 'ความทรงจำของห้องนี้' });
}

test('loads the memory fresh, counts the characters left, and refuses more than 1000', async () => {
  const api = mockChatApi(routes({ body: { memory: 'ชอบกาแฟดำ' } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const box = await within(dialog).findByRole('textbox', { name: 'สิ่งที่อยากให้ตัวละครจำไว้' });
  expect(box).toHaveValue('ชอบกาแฟดำ');
  expect(api.callsTo('GET', '/api/chats/chat1/memory')[0]!.url.searchParams.get('t')).toMatch(/^\d+$/);
  expect(within(dialog).getByText('เหลือ 991 ตัวอักษร')).toBeInTheDocument();

  await user.clear(box);
  await user.click(box);
  await user.paste('ข'.repeat(1001));
  expect(within(dialog).getByText('เหลือ -1 ตัวอักษร')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeDisabled();
  await user.keyboard('{Backspace}');
  expect(within(dialog).getByText('เหลือ 0 ตัวอักษร')).toBeInTheDocument();
  // Nothing paid yet for this note: all 1 000 code points, shown before the tap.
  expect(within(dialog).getByRole('button', { name: 'บันทึก · 1000 เหรียญ' })).toBeEnabled();
});

test('no change simply closes; a change is saved at the cost its button showed; empty text deletes, free', async () => {
  const api = mockChatApi(
    routes(
      { body: { memory: 'ชอบกาแฟดำ', paid: 9 } },
      { 'POST /api/chats/chat1/memory': { body: { memory: 'x' } }, 'DELETE /api/chats/chat1/memory': { status: 204 } },
    ),
  );
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  let dialog = await openMemory(user);
  await within(dialog).findByRole('textbox', NOTE);
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.callsTo('POST', '/api/chats/chat1/memory')).toHaveLength(0);
  expect(api.callsTo('DELETE', '/api/chats/chat1/memory')).toHaveLength(0);

  dialog = await openMemory(user);
  const box = await within(dialog).findByRole('textbox', NOTE);
  await user.type(box, ' และชาเขียว');
  // The 9 code points already paid are not paid again: the 11 added are.
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก · 11 เหรียญ' }));
  await waitFor(() => expect(api.callsTo('POST', '/api/chats/chat1/memory')[0]?.body).toEqual({ memory: 'ชอบกาแฟดำ และชาเขียว', cost: 11 }));
  expect(await screen.findByText('บันทึกความทรงจำแล้ว')).toBeInTheDocument();

  dialog = await openMemory(user);
  await user.clear(await within(dialog).findByRole('textbox', NOTE));
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  await waitFor(() => expect(api.callsTo('DELETE', '/api/chats/chat1/memory')).toHaveLength(1));
  expect(api.callsTo('POST', '/api/chats/chat1/memory')).toHaveLength(1);
});

test('a failed save shows the spec §8 toast and keeps the dialog open', async () => {
  mockChatApi(routes({ body: { memory: '' } }, { 'POST /api/chats/chat1/memory': { status: 400, body: { message: 'too long' } } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  await user.type(await within(dialog).findByRole('textbox', NOTE), 'จำไว้นะ');
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก · 7 เหรียญ' }));
  expect(await screen.findByText('ไม่สามารถบันทึกความทรงจำได้ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'ความทรงจำของห้องนี้' })).toBeInTheDocument();
});

test('the note and the summary show no price while a save stays within what they paid, and a 402 shows the send\'s not-enough toast with the balance and the cost, keeping the text', async () => {
  const summary: ChatSummaryView = { summary: 'สรุปของฉัน', coveredTo: 3, edited: true, updatedAt: '2025-01-08T07:00:00.000Z', paid: 20 };
  const api = mockChatApi(
    routes({ body: { memory: 'ชอบกาแฟดำ', paid: 12 } }, {
      'GET /api/chats/chat1/summary': { body: summary },
      'POST /api/chats/chat1/memory': { status: 402, body: { message: 'Not enough coins', code: 'NOT_ENOUGH_COINS', balance: 4, cost: 5 } },
    }),
  );
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const box = await within(dialog).findByRole('textbox', NOTE);
  await user.type(box, 'ดำ'); // 11 of the 12 paid
  expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeEnabled();
  await user.type(box, 'ดำ'); // 13: one past
  expect(within(dialog).getByRole('button', { name: 'บันทึก · 1 เหรียญ' })).toBeEnabled();
  const story = within(dialog).getByRole('region', { name: 'เรื่องราวที่ผ่านมา' });
  await user.type(within(story).getByRole('textbox', { name: 'สรุปเรื่องราว' }), 'ต่อ'); // 13 of the 20 paid: adds nothing to the price
  expect(within(dialog).getByRole('button', { name: 'บันทึก · 1 เหรียญ' })).toBeEnabled();

  await user.type(box, 'ดำดำ');
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก · 5 เหรียญ' }));
  expect(await screen.findByText('เหรียญ ไม่เพียงพอ')).toBeInTheDocument();
  expect(screen.getByText('คุณมี 4 เหรียญ แต่ต้องใช้ 5 เหรียญ')).toBeInTheDocument();
  expect(screen.queryByText('ไม่สามารถบันทึกความทรงจำได้ กรุณาลองใหม่อีกครั้ง')).toBeNull();
  expect(box).toHaveValue('ชอบกาแฟดำดำดำดำดำ');
  expect(api.callsTo('POST', '/api/chats/chat1/memory')[0]!.body).toEqual({ memory: 'ชอบกาแฟดำดำดำดำดำ', cost: 5 });
});

test('one save button saves everything typed: a note and a summary typed together are both saved, the button naming both prices together', async () => {
  const summary: ChatSummaryView = { summary: 'สรุป', coveredTo: 3, edited: false, updatedAt: '2025-01-08T07:00:00.000Z' };
  const api = mockChatApi(
    routes({ body: { memory: '' } }, {
      'GET /api/chats/chat1/summary': { body: summary },
      'POST /api/chats/chat1/memory': (call) => ({ body: { memory: (call.body as { memory: string }).memory, paid: 3 } }),
      'PUT /api/chats/chat1/summary': (call) => ({ body: { ...summary, summary: (call.body as { summary: string }).summary, edited: true, paid: 6 } }),
    }),
  );
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  await user.type(await within(dialog).findByRole('textbox', NOTE), 'จำนะ'); // 4
  const story = within(dialog).getByRole('region', { name: 'เรื่องราวที่ผ่านมา' });
  await user.type(within(story).getByRole('textbox', { name: 'สรุปเรื่องราว' }), 'ต่อ'); // 7, all the member's
  expect(within(dialog).getAllByRole('button', { name: /^บันทึก/ })).toHaveLength(1);
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก · 11 เหรียญ' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ความทรงจำของห้องนี้' })).toBeNull());
  expect(api.callsTo('POST', '/api/chats/chat1/memory')[0]!.body).toEqual({ memory: 'จำนะ', cost: 4 });
  expect(api.callsTo('PUT', '/api/chats/chat1/summary')[0]!.body).toEqual({ summary: 'สรุปต่อ', cost: 7 });
});

test('a note the member cannot afford says so in the dialog before the tap, with a way to top up', async () => {
  mockChatApi(routes({ body: { memory: '' } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1', { coins: 3 });
  const dialog = await openMemory(user);
  await user.type(await within(dialog).findByRole('textbox', NOTE), 'จำนะ'); // 4 coins
  expect(within(dialog).getByText('เหรียญไม่พอ')).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'เติมเหรียญ' })).toHaveAttribute('href', '/profile#top-up');
});

const pin = (overrides: Partial<Pin>): Pin => ({
  messageId: 'm1',
  chatId: 'chat1',
  content: 'สวัสดีค่ะ',
  isUser: false,
  timestamp: '2025-01-08T07:05:00.000Z',
  tokens: 13,
  pinnedAt: '2025-01-08T07:06:00.000Z',
  ...overrides,
});

test('shows the story so far beside the note; the member edits it and the dialog\'s save saves it (PUT), the unchanged note untouched', async () => {
  const summary: ChatSummaryView = { summary: 'เราเคยไปเที่ยวทะเลด้วยกัน', coveredTo: 12, edited: false, updatedAt: '2025-01-08T07:00:00.000Z' };
  const api = mockChatApi(
    routes({ body: { memory: 'ชอบกาแฟดำ' } }, {
      'GET /api/chats/chat1/summary': { body: summary },
      'PUT /api/chats/chat1/summary': (call) => ({ body: { ...summary, summary: (call.body as { summary: string }).summary, edited: true } }),
    }),
  );
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const story = await within(dialog).findByRole('region', { name: 'เรื่องราวที่ผ่านมา' });
  const box = within(story).getByRole('textbox', { name: 'สรุปเรื่องราว' });
  expect(box).toHaveValue('เราเคยไปเที่ยวทะเลด้วยกัน');
  expect(within(story).getByText('เหลือ 1975 ตัวอักษร')).toBeInTheDocument();
  // Nothing changed yet: nothing to pay.
  expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeEnabled();

  await user.type(box, ' และสัญญาว่าจะกลับมา');
  // The model's summary is no member text: once the member edits it, all 45 code points are theirs.
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก · 45 เหรียญ' }));
  await waitFor(() => expect(api.callsTo('PUT', '/api/chats/chat1/summary')[0]?.body).toEqual({ summary: 'เราเคยไปเที่ยวทะเลด้วยกัน และสัญญาว่าจะกลับมา', cost: 45 }));
  expect(await screen.findByText('บันทึกสรุปเรื่องราวแล้ว')).toBeInTheDocument();
  expect(api.callsTo('POST', '/api/chats/chat1/memory')).toHaveLength(0);
});

test('a summary past 2000 characters cannot be saved; without one yet the panel says it will come', async () => {
  mockChatApi(routes({ body: { memory: '' } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const story = await within(dialog).findByRole('region', { name: 'เรื่องราวที่ผ่านมา' });
  expect(within(story).getByText('ยังไม่มีสรุป ระบบจะเริ่มสรุปให้เมื่อบทสนทนายาวขึ้น')).toBeInTheDocument();
  const box = within(story).getByRole('textbox', { name: 'สรุปเรื่องราว' });
  await user.click(box);
  await user.paste('ก'.repeat(2001));
  expect(within(story).getByText('เหลือ -1 ตัวอักษร')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeDisabled();
  await user.keyboard('{Backspace}');
  expect(within(dialog).getByRole('button', { name: 'บันทึก · 2000 เหรียญ' })).toBeEnabled();
});

test('a failed summary save says so in Thai with the server\'s reason', async () => {
  mockChatApi(
    routes({ body: { memory: '' } }, { 'PUT /api/chats/chat1/summary': { status: 400, body: { message: 'สรุปเรื่องราวต้องยาวไม่เกิน 2,000 ตัวอักษร' } } }),
  );
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const story = await within(dialog).findByRole('region', { name: 'เรื่องราวที่ผ่านมา' });
  await user.type(within(story).getByRole('textbox', { name: 'สรุปเรื่องราว' }), 'เรื่องของเรา');
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก · 12 เหรียญ' }));
  expect(await screen.findByText('บันทึกสรุปเรื่องราวไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
  expect(screen.getByText('สรุปเรื่องราวต้องยาวไม่เกิน 2,000 ตัวอักษร')).toBeInTheDocument();
});

test('lists the pinned messages with who said them and what they use of the limits; removing one unpins it and the list reloads', async () => {
  let pins = [pin({ messageId: 'm1', content: 'ฉันแพ้กุ้งนะ', isUser: true, tokens: 16 }), pin({ messageId: 'm2', content: '*ยิ้ม* จะจำไว้ค่ะ', tokens: 20 })];
  const api = mockChatApi(
    routes({ body: { memory: '' } }, {
      'GET /api/chats/chat1/pins': () => ({ body: pins }),
      'DELETE /api/messages/m1/pin': () => {
        pins = pins.filter((p) => p.messageId !== 'm1');
        return { status: 204 };
      },
    }),
  );
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const list = await within(dialog).findByRole('region', { name: 'ข้อความที่ปักหมุด' });
  expect(await within(list).findByText('ฉันแพ้กุ้งนะ')).toBeInTheDocument();
  expect(within(list).getByText('คุณ:')).toBeInTheDocument();
  expect(within(list).getByText('ดาวเหนือ:')).toBeInTheDocument();
  expect(within(list).getByText('2/10 ข้อความ · ความยาว 36/1,000')).toBeInTheDocument();
  // Narration shows as narration, never as raw asterisks.
  expect(within(list).getByText('ยิ้ม').tagName).toBe('EM');
  expect(list).not.toHaveTextContent('*');

  await user.click(within(list).getByRole('button', { name: 'เลิกปักหมุด: ฉันแพ้กุ้งนะ' }));
  await waitFor(() => expect(api.callsTo('DELETE', '/api/messages/m1/pin')).toHaveLength(1));
  await waitFor(() => expect(within(list).queryByText('ฉันแพ้กุ้งนะ')).toBeNull());
  expect(within(list).getByText('1/10 ข้อความ · ความยาว 20/1,000')).toBeInTheDocument();
  expect(await screen.findByText('เลิกปักหมุดแล้ว')).toBeInTheDocument();
});

test('with no pins the panel tells how to pin', async () => {
  mockChatApi(routes({ body: { memory: '' } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const empty = await within(dialog).findByRole('region', { name: 'ข้อความที่ปักหมุด' });
  expect(within(empty).getByText(/ยังไม่มีข้อความที่ปักหมุด/)).toBeInTheDocument();
  expect(within(empty).getByText('0/10 ข้อความ · ความยาว 0/1,000')).toBeInTheDocument();
  expect(dialog).not.toHaveTextContent('โทเคน');
});

test('a failed unpin keeps the pin and says so', async () => {
  mockChatApi(routes({ body: { memory: '' } }, { 'GET /api/chats/chat1/pins': { body: [pin({ content: 'อย่าลืมนะ' })] }, 'DELETE /api/messages/m1/pin': { status: 404, body: { message: 'Message not found' } } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const list = await within(dialog).findByRole('region', { name: 'ข้อความที่ปักหมุด' });
  await user.click(await within(list).findByRole('button', { name: 'เลิกปักหมุด: อย่าลืมนะ' }));
  expect(await screen.findByText('เลิกปักหมุดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
  expect(within(list).getByText('อย่าลืมนะ')).toBeInTheDocument();
});

test('the summary and the pins are read afresh each time the panel opens (the summary is written in the background)', async () => {
  let summary: ChatSummaryView = noSummary;
  let pins: Pin[] = [];
  const api = mockChatApi(routes({ body: { memory: '' } }, { 'GET /api/chats/chat1/summary': () => ({ body: summary }), 'GET /api/chats/chat1/pins': () => ({ body: pins }) }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  let dialog = await openMemory(user);
  expect(await within(dialog).findByText('ยังไม่มีสรุป ระบบจะเริ่มสรุปให้เมื่อบทสนทนายาวขึ้น')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));

  summary = { summary: 'เราเคยไปเที่ยวทะเลด้วยกัน', coveredTo: 8, edited: false, updatedAt: '2025-01-08T07:00:00.000Z' };
  pins = [pin({ content: 'อย่าลืมนะ' })];
  dialog = await openMemory(user);
  expect(await within(dialog).findByDisplayValue('เราเคยไปเที่ยวทะเลด้วยกัน')).toBeInTheDocument();
  expect(await within(dialog).findByText('อย่าลืมนะ')).toBeInTheDocument();
  expect(api.callsTo('GET', '/api/chats/chat1/summary').length).toBeGreaterThanOrEqual(2);
});
