import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { characterSummary, member } from '@lakorn/shell-sdk/testing';
import { chat, message, mockChatApi, renderApp, type Route } from './support';

// The chat side of moderation and the age gate (chat README "Hidden and 18+ characters"): a chat
// whose character was hidden or is 18+ for this member takes no sends; a member reports the
// character from the chat's options; the owner sees their hidden character marked, with the reason.

const base = (extra: Record<string, Route> = {}) => ({
  'GET /api/chats/chat1': { body: chat() },
  'GET /api/messages/chat/chat1': { body: [message(), message({ id: 'm2', isUser: true, content: 'สวัสดี' }), message({ id: 'm3', content: 'ว่าไงคะ' })] },
  [`GET /api/personas/user/${member.id}`]: { body: [] },
  'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
  'GET /api/chats/chat1/pins': { body: [] },
  ...extra,
});

describe('a chat whose character is hidden or 18+', () => {
  test.each([
    ['hidden', 'ตัวละครนี้ถูกซ่อนโดยผู้ดูแลระบบ จึงส่งข้อความต่อไม่ได้'],
    ['adult', 'ตัวละครนี้สำหรับผู้ที่มีอายุ 18 ปีขึ้นไป ยืนยันอายุในโปรไฟล์ก่อนจึงจะคุยต่อได้'],
  ] as const)('blocked "%s": a Thai notice stands in place of the input, so nothing can be sent or asked again', async (blocked, notice) => {
    const api = mockChatApi(base({ 'GET /api/chats/chat1': { body: chat({ blocked }) } }));
    renderApp('/chat/chat1');
    expect(await screen.findByText(notice)).toBeInTheDocument();
    await screen.findByText('ว่าไงคะ', {}, { timeout: 5000 });
    expect(screen.queryByRole('textbox', { name: 'พิมพ์ข้อความ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ส่งข้อความ' })).toBeNull();
    expect(screen.queryByRole('button', { name: /ขอคำตอบใหม่/ })).toBeNull();
    if (blocked === 'adult') expect(screen.getByRole('link', { name: 'ยืนยันอายุในโปรไฟล์' })).toHaveAttribute('href', '/profile');
    expect(api.callsTo('POST', '/api/messages')).toHaveLength(0);
  });

  test('a send refused because the character was hidden meanwhile shows the notice, and says no coins were taken', async () => {
    mockChatApi(base({ 'POST /api/messages': { status: 403, body: { message: 'hidden', code: 'CHARACTER_HIDDEN' } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await screen.findByText('ว่าไงคะ', {}, { timeout: 5000 });
    await user.type(screen.getByRole('textbox', { name: 'พิมพ์ข้อความ' }), 'ยังอยู่ไหม{Enter}');
    expect(await screen.findByText('ตัวละครนี้ถูกซ่อนโดยผู้ดูแลระบบ จึงส่งข้อความต่อไม่ได้', { selector: '[role="status"] *' })).toBeInTheDocument();
    expect(screen.getByText('ไม่มีการหักเหรียญสำหรับข้อความนี้')).toBeInTheDocument();
    expect(screen.queryByText('ไม่สามารถส่งข้อความได้')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'พิมพ์ข้อความ' })).toBeNull();
  });
});

describe("reporting from the chat's options", () => {
  test('the options have "report", which opens the report dialog for this character and sends it', async () => {
    const api = mockChatApi(base({ 'POST /api/characters/char1/reports': { status: 201, body: { id: 'r1', message: 'ok' } } }));
    const user = userEvent.setup();
    renderApp('/chat/chat1');
    await screen.findByText('ว่าไงคะ', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'ตัวเลือกแชท' }));
    await user.click(screen.getByRole('menuitem', { name: 'รายงานตัวละคร' }));
    const dialog = await screen.findByRole('dialog', { name: 'รายงาน ดาวเหนือ' });
    await user.click(within(dialog).getByRole('radio', { name: 'สแปมหรือโฆษณา' }));
    await user.click(within(dialog).getByRole('button', { name: 'ส่งรายงาน' }));
    expect(await screen.findByText('ขอบคุณที่แจ้งให้เราทราบ ทีมงานจะตรวจสอบ และคุณจะไม่เห็นตัวละครนี้อีก')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/characters/char1/reports')[0]?.body).toEqual({ reason: 'spam', details: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe("the owner's hidden character in the library", () => {
  test('is marked hidden on the strip, and its options say why and offer no new chat', async () => {
    mockChatApi({
      [`GET /api/characters/user/${member.id}`]: { body: [characterSummary({ hidden: true, hiddenReason: 'copyright' }), characterSummary({ id: 'char2', name: 'ทะเลสาบ' })] },
      [`GET /api/chats/user/${member.id}`]: { body: [] },
    });
    const user = userEvent.setup();
    renderApp('/library');
    const strip = await screen.findByRole('list', { name: 'ตัวละครของฉัน' });
    const cards = await within(strip).findAllByText(/ดาวเหนือ|ทะเลสาบ/);
    expect(cards).toHaveLength(2);
    expect(within(strip).getAllByText('ซ่อนอยู่')).toHaveLength(1);
    await user.click(within(strip).getByRole('button', { name: 'ตัวเลือกของ ดาวเหนือ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ดาวเหนือ' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('ตัวละครนี้ถูกซ่อน สมาชิกคนอื่นจะไม่เห็น');
    expect(within(dialog).getByRole('status')).toHaveTextContent('เหตุผล: ละเมิดลิขสิทธิ์');
    expect(within(dialog).getByRole('button', { name: 'เริ่มแชท' })).toBeDisabled();
  });
});
