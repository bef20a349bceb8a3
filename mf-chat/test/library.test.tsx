import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { characterSummary, currentLocation, member } from '@lakorn/shell-sdk/testing';
import { chat, chatSummary, mockChatApi, renderApp, type Route } from './support';

// spec §2 chat library, §4 character delete (options, confirm, deleting, closed), §5 room
// deletion confirm, §8 library toasts, §9 previews and relative times.

const routes = (extra: Record<string, Route> = {}) => ({
  [`GET /api/characters/user/${member.id}`]: { body: [characterSummary(), characterSummary({ id: 'char2', name: 'ทะเลสาบ' })] },
  [`GET /api/chats/user/${member.id}`]: { body: [chatSummary()] },
  ...extra,
});

describe('the strip of one\'s characters', () => {
  test('shows each character with start-chat and options buttons; + goes to /create-character', async () => {
    mockChatApi(routes());
    const user = userEvent.setup();
    renderApp('/library');
    const strip = await screen.findByRole('list', { name: 'ตัวละครของฉัน' });
    expect(await within(strip).findByRole('button', { name: 'เริ่มแชทกับ ดาวเหนือ' })).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: 'ตัวเลือกของ ทะเลสาบ' })).toBeInTheDocument();
    await user.click(within(strip).getByRole('button', { name: 'สร้างตัวละครใหม่' }));
    expect(currentLocation()).toBe('/create-character');
  });

  test('an empty strip says there are no characters yet and points to the + button', async () => {
    mockChatApi(routes({ [`GET /api/characters/user/${member.id}`]: { body: [] } }));
    renderApp('/library');
    expect(await screen.findByText('ยังไม่มีตัวละคร')).toBeInTheDocument();
    expect(screen.getByText('กดปุ่ม + เพื่อสร้างตัวละครตัวแรกของคุณ')).toBeInTheDocument();
  });
});

describe('the options dialog', () => {
  /** The library, then the options of `name`; the user goes on from there. */
  async function openOptions(name = 'ดาวเหนือ') {
    const user = userEvent.setup();
    renderApp('/library');
    await user.click(await screen.findByRole('button', { name: `ตัวเลือกของ ${name}` }));
    return user;
  }

  test('start chat creates a chat with the profile id and opens it', async () => {
    const api = mockChatApi(routes({ 'POST /api/chats': { status: 201, body: chat({ id: 'fresh' }) } }));
    const user = await openOptions();
    const dialog = screen.getByRole('dialog', { name: 'ดาวเหนือ' });
    await user.click(within(dialog).getByRole('button', { name: 'เริ่มแชท' }));
    await waitFor(() => expect(currentLocation()).toBe('/chat/fresh'));
    expect(api.callsTo('POST', '/api/chats')[0]!.body).toEqual({ userId: member.id, characterId: 'char1', newChat: true });
  });

  test('edit goes to /edit-character/{id}', async () => {
    mockChatApi(routes());
    const user = await openOptions('ทะเลสาบ');
    await user.click(screen.getByRole('button', { name: 'แก้ไขตัวละคร' }));
    expect(currentLocation()).toBe('/edit-character/char2');
  });

  test('a failed start shows the start failure toast', async () => {
    mockChatApi(routes({ 'POST /api/chats': { status: 404, body: { message: 'Character not found' } } }));
    const user = await openOptions();
    await user.click(screen.getByRole('button', { name: 'เริ่มแชท' }));
    expect(await screen.findByText('ไม่สามารถเริ่มการสนทนาได้ โปรดลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(currentLocation()).toBe('/library');
  });

  test('delete: options → confirm (warning about chat history) → deleting → closed, success toast, lists refreshed, its chats gone', async () => {
    let release!: () => void;
    const api = mockChatApi(
      routes({
        'DELETE /api/characters/char1': () => new Promise((resolve) => (release = () => resolve({ status: 204 }))),
      }),
    );
    const user = userEvent.setup();
    renderApp('/library');
    expect(await screen.findByRole('button', { name: 'เปิดแชทกับ ดาวเหนือ' })).toBeInTheDocument(); // the recent conversation
    await user.click(screen.getByRole('button', { name: 'ตัวเลือกของ ดาวเหนือ' }));
    await user.click(screen.getByRole('button', { name: 'ลบตัวละคร' }));
    const confirm = screen.getByRole('dialog', { name: 'ลบตัวละครนี้?' });
    expect(within(confirm).getByText(/จะลบประวัติการแชททั้งหมดกับตัวละครนี้ด้วย/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'ลบตัวละคร' }));
    // deleting: the buttons are locked while the call runs
    expect(within(confirm).getByRole('button', { name: 'กำลังลบ...' })).toBeDisabled();
    const before = api.callsTo('GET', `/api/chats/user/${member.id}`).length;
    release();
    expect(await screen.findByText('ลบตัวละครสำเร็จ')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', `/api/chats/user/${member.id}`).length).toBeGreaterThan(before));
    expect(api.callsTo('GET', `/api/characters/user/${member.id}`).length).toBeGreaterThan(1);
    expect(screen.queryByRole('button', { name: 'ตัวเลือกของ ดาวเหนือ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'เปิดแชทกับ ดาวเหนือ' })).toBeNull();
  });

  test('a failed delete shows the spec §8 toast and goes back to the options', async () => {
    mockChatApi(routes({ 'DELETE /api/characters/char1': { status: 403, body: { message: 'no' } } }));
    const user = await openOptions();
    await user.click(screen.getByRole('button', { name: 'ลบตัวละคร' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ลบตัวละคร' }));
    expect(await screen.findByText('ลบตัวละครไม่สำเร็จ')).toBeInTheDocument();
    expect(screen.getByText('เกิดข้อผิดพลาดในการลบตัวละคร โปรดลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'ดาวเหนือ' })).toBeInTheDocument();
  });
});

describe('the rooms dialog', () => {
  const rooms = [
    chatSummary({ id: 'room-aaaaaa111111', lastMessage: 'ห้องแรก', lastUpdated: new Date(Date.now() - 3 * 3600_000).toISOString() }),
    chatSummary({ id: 'room-bbbbbb222222', lastMessage: '', lastUpdated: new Date(Date.now() - 2 * 86400_000).toISOString() }),
  ];

  test('lists rooms with label, id, relative time and last message, in a list at most 300 px high; opens a room', async () => {
    mockChatApi(routes({ 'GET /api/chats/character/char1': { body: rooms } }));
    const user = userEvent.setup();
    renderApp('/library');
    await user.click(await screen.findByRole('button', { name: 'เริ่มแชทกับ ดาวเหนือ' }));
    const list = await screen.findByRole('list', { name: 'ห้องแชทกับ ดาวเหนือ' });
    expect(getComputedStyle(list).maxHeight).toBe('300px');
    const first = within(list).getByRole('button', { name: 'ห้องแชท room-aaaaaa111111' });
    expect(first).toHaveTextContent('#111111');
    expect(first).toHaveTextContent('3 ชั่วโมงที่แล้ว');
    expect(first).toHaveTextContent('ห้องแรก');
    expect(within(list).getByRole('button', { name: 'ห้องแชท room-bbbbbb222222' })).toHaveTextContent('2 วันที่แล้ว');
    await user.click(first);
    expect(currentLocation()).toBe('/chat/room-aaaaaa111111');
  });

  test('a new room is created and opened; a failure shows "สร้างห้องแชทไม่สำเร็จ"', async () => {
    let fail = true;
    mockChatApi(
      routes({
        'GET /api/chats/character/char1': { body: rooms },
        'POST /api/chats': () => (fail ? { status: 400, body: { message: 'bad' } } : { status: 201, body: chat({ id: 'room-new' }) }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/library');
    await user.click(await screen.findByRole('button', { name: 'เริ่มแชทกับ ดาวเหนือ' }));
    await user.click(screen.getByRole('button', { name: 'สร้างห้องใหม่' }));
    expect(await screen.findByText('สร้างห้องแชทไม่สำเร็จ')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'สร้างห้องใหม่' }));
    await waitFor(() => expect(currentLocation()).toBe('/chat/room-new'));
  });

  test('deleting a room goes through its menu and the browser confirm; declining does nothing', async () => {
    let listed = rooms;
    const api = mockChatApi(
      routes({
        'GET /api/chats/character/char1': () => ({ body: listed }),
        'DELETE /api/chats/room-aaaaaa111111': () => {
          listed = rooms.slice(1);
          return { status: 204 };
        },
      }),
    );
    const confirm = jest.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderApp('/library');
    await user.click(await screen.findByRole('button', { name: 'เริ่มแชทกับ ดาวเหนือ' }));
    await screen.findByRole('list', { name: 'ห้องแชทกับ ดาวเหนือ' });

    confirm.mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'ตัวเลือกห้อง room-aaaaaa111111' }));
    await user.click(screen.getByRole('menuitem', { name: 'ลบห้องแชท' }));
    expect(confirm).toHaveBeenLastCalledWith('คุณแน่ใจหรือไม่ที่จะลบห้องแชทนี้?');
    expect(api.callsTo('DELETE', '/api/chats/room-aaaaaa111111')).toHaveLength(0);

    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'ตัวเลือกห้อง room-aaaaaa111111' }));
    await user.click(screen.getByRole('menuitem', { name: 'ลบห้องแชท' }));
    expect(await screen.findByText('ลบห้องแชทสำเร็จ')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'ห้องแชท room-aaaaaa111111' })).toBeNull());
    confirm.mockRestore();
  });

  test('a room list that fails to load is an empty list (spec §8 silent case)', async () => {
    mockChatApi(routes({ 'GET /api/chats/character/char2': { status: 500, body: { message: 'down' } } }));
    const user = userEvent.setup();
    renderApp('/library');
    await user.click(await screen.findByRole('button', { name: 'เริ่มแชทกับ ทะเลสาบ' }));
    expect(await screen.findByText('ยังไม่มีห้องแชทกับตัวละครนี้', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});

describe('recent conversations', () => {
  test('the last message shows its narration as narration, never raw asterisks', async () => {
    mockChatApi(routes({ [`GET /api/chats/user/${member.id}`]: { body: [chatSummary({ lastMessage: '*ยิ้มกว้าง* ดีใจที่ได้เจอนะ' })] } }));
    renderApp('/library');
    const row = await screen.findByRole('button', { name: 'เปิดแชทกับ ดาวเหนือ' });
    expect(row).toHaveTextContent('ยิ้มกว้าง ดีใจที่ได้เจอนะ');
    expect(row).not.toHaveTextContent('*');
    expect(within(row).getByText('ยิ้มกว้าง').tagName).toBe('EM');
  });

  test('show avatar letter, name, relative time and the last message cut to 50 characters; tap opens', async () => {
    const long = 'ก'.repeat(60);
    mockChatApi(routes({ [`GET /api/chats/user/${member.id}`]: { body: [chatSummary({ lastMessage: long })] } }));
    const user = userEvent.setup();
    renderApp('/library');
    const row = await screen.findByRole('button', { name: 'เปิดแชทกับ ดาวเหนือ' });
    expect(row).toHaveTextContent('5 นาทีที่แล้ว');
    expect(row).toHaveTextContent(`${'ก'.repeat(50)}...`);
    expect(row).not.toHaveTextContent('ก'.repeat(51));
    expect(within(row).getByText('ด')).toBeInTheDocument();
    await user.click(row);
    expect(currentLocation()).toBe('/chat/chat1');
  });

  test('delete asks in a dialog, then deletes with the success toast; failure says so', async () => {
    let listed = [chatSummary()];
    let fail = false;
    const api = mockChatApi(
      routes({
        [`GET /api/chats/user/${member.id}`]: () => ({ body: listed }),
        'DELETE /api/chats/chat1': () => {
          if (fail) return { status: 500, body: { message: 'down' } };
          listed = [];
          return { status: 204 };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/library');
    await user.click(await screen.findByRole('button', { name: 'ลบบทสนทนากับ ดาวเหนือ' }));
    const dialog = screen.getByRole('dialog', { name: 'ลบบทสนทนานี้?' });
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    expect(api.callsTo('DELETE', '/api/chats/chat1')).toHaveLength(0);

    fail = true;
    await user.click(screen.getByRole('button', { name: 'ลบบทสนทนากับ ดาวเหนือ' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ลบ' }));
    expect(await screen.findByText('ลบห้องแชทไม่สำเร็จ', {}, { timeout: 8000 })).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลบบทสนทนากับ ดาวเหนือ' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ลบ' }));
    expect(await screen.findByText('ลบห้องแชทสำเร็จ')).toBeInTheDocument();
    expect(await screen.findByText('ยังไม่มีบทสนทนา')).toBeInTheDocument();
  }, 20_000);
});
