import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { character as houseCharacter, fixtureOf, member, mockApi } from '@lakorn/shell-sdk/testing';
import { renderAt, summary } from './support';

// Members' side of reports and the age gate (catalog README "Moderation and the age gate"): the
// report dialog on a discover card, a stale card whose character is gone, the wizard's spicy
// toggle.

const page = (characters: ReturnType<typeof summary>[]) => ({ body: { characters, nextCursor: null } });

beforeEach(() => {
  sessionStorage.clear();
  // The wizard keeps a draft per member on the device (README "Drafts"): each test starts with none.
  localStorage.clear();
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => jest.restoreAllMocks());

async function openReport(name: string) {
  const card = await screen.findByRole('article', { name });
  await userEvent.click(within(card).getByRole('button', { name: `ตัวเลือกของ ${name}` }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'รายงานตัวละคร' }));
  return screen.findByRole('dialog', { name: `รายงาน ${name}` });
}

describe('reporting a character from its card', () => {
  test('sends the chosen reason and the details, confirms in Thai, and the card leaves discover', async () => {
    const reported = summary({ name: 'ตัวร้าย' });
    const other = summary({ name: 'คนดี' });
    let gone = false;
    const api = mockApi({
      'GET /api/characters/public': () => page(gone ? [other] : [reported, other]),
      [`POST /api/characters/${reported.id}/reports`]: () => {
        gone = true;
        return { status: 201, body: { id: 'r1', message: 'ok' } };
      },
    });
    renderAt('/');
    const dialog = await openReport('ตัวร้าย');
    // The six reasons with their Thai labels from contracts.
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'สแปมหรือโฆษณา',
      'เนื้อหาทางเพศที่เกี่ยวกับผู้เยาว์',
      'สร้างความเกลียดชังหรือเหยียดหยาม',
      'ความรุนแรง',
      'ละเมิดลิขสิทธิ์',
      'อื่น ๆ',
    ]);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'ละเมิดลิขสิทธิ์' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'รายละเอียดเพิ่มเติม (ไม่บังคับ)' }), 'ลอกมาจากการ์ตูน');
    expect(within(dialog).getByText('15/500')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ส่งรายงาน' }));
    expect(await screen.findByText('ขอบคุณที่แจ้งให้เราทราบ ทีมงานจะตรวจสอบ และคุณจะไม่เห็นตัวละครนี้อีก')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/characters/${reported.id}/reports`)[0]?.body).toEqual({ reason: 'copyright', details: 'ลอกมาจากการ์ตูน' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ตัวร้าย' })).toBeNull());
    expect(screen.getByRole('article', { name: 'คนดี' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('asks for a reason before sending anything', async () => {
    const c = summary({ name: 'ไม่มีเหตุผล' });
    const api = mockApi({ 'GET /api/characters/public': page([c]) });
    renderAt('/');
    const dialog = await openReport('ไม่มีเหตุผล');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ส่งรายงาน' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('กรุณาเลือกเหตุผล');
    expect(api.callsTo('POST', `/api/characters/${c.id}/reports`)).toHaveLength(0);
  });

  test('refuses details over 500 characters: the counter turns and submit is disabled', async () => {
    const c = summary({ name: 'ยาวเกิน' });
    mockApi({ 'GET /api/characters/public': page([c]) });
    renderAt('/');
    const dialog = await openReport('ยาวเกิน');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'อื่น ๆ' }));
    const details = within(dialog).getByRole('textbox', { name: 'รายละเอียดเพิ่มเติม (ไม่บังคับ)' });
    await userEvent.click(details);
    await userEvent.paste('ก'.repeat(501));
    expect(within(dialog).getByText('501/500')).toBeInTheDocument();
    expect(within(dialog).getByText('รายละเอียดต้องไม่เกิน 500 ตัวอักษร')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ส่งรายงาน' })).toBeDisabled();
  });

  test('a second report (409) says plainly that the member already reported it', async () => {
    const c = summary({ name: 'ซ้ำ' });
    mockApi({
      'GET /api/characters/public': page([c]),
      [`POST /api/characters/${c.id}/reports`]: { status: 409, body: { message: 'x', code: 'ALREADY_REPORTED' } },
    });
    renderAt('/');
    const dialog = await openReport('ซ้ำ');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'สแปมหรือโฆษณา' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'ส่งรายงาน' }));
    expect(await screen.findByText('คุณรายงานตัวละครนี้ไปแล้ว ทีมงานกำลังตรวจสอบ')).toBeInTheDocument();
  });

  test('any other failure keeps the dialog open with a Thai error', async () => {
    const c = summary({ name: 'ล้มเหลว' });
    mockApi({
      'GET /api/characters/public': page([c]),
      [`POST /api/characters/${c.id}/reports`]: { status: 400, body: { message: 'bad' } },
    });
    renderAt('/');
    const dialog = await openReport('ล้มเหลว');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'ความรุนแรง' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'ส่งรายงาน' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ส่งรายงานไม่สำเร็จ กรุณาลองใหม่อีกครั้ง');
    expect(screen.getByRole('dialog', { name: 'รายงาน ล้มเหลว' })).toBeInTheDocument();
  });

  test('offers no report on the member’s own character', async () => {
    mockApi({ 'GET /api/characters/public': page([summary({ name: 'ของฉันเอง', userId: 'p1' })]) });
    renderAt('/');
    const card = await screen.findByRole('article', { name: 'ของฉันเอง' });
    expect(within(card).queryByRole('button', { name: 'ตัวเลือกของ ของฉันเอง' })).toBeNull();
  });
});

describe('a stale card (the 60 s cache) whose character is gone', () => {
  test.each([
    ['hidden', 403, 'CHARACTER_HIDDEN'],
    ['18+ for this member', 403, 'AGE_CONFIRMATION_REQUIRED'],
    ['deleted', 404, undefined],
  ])('opening one that was %s says it is no longer available, not an error, and the lists reload without it', async (_why, status, code) => {
    const stale = summary({ name: 'หายไปแล้ว' });
    let served = false;
    mockApi({
      'GET /api/characters/public': (call) => {
        // The "popular now" row asks too (sort=popular): the grid's first answer is what is stale.
        if (call.url.searchParams.get('sort') === 'popular') return page([]);
        const first = !served;
        served = true;
        return page(first ? [stale] : []);
      },
      'POST /api/chats': { status, body: { message: 'no', code } },
    });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'เปิดแชทกับ หายไปแล้ว' }));
    expect(await screen.findByText('ตัวละครนี้ไม่มีให้บริการแล้ว')).toBeInTheDocument();
    expect(screen.queryByText('ไม่สามารถเริ่มการสนทนาได้ โปรดลองใหม่อีกครั้ง')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'หายไปแล้ว' })).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe("the wizard's spicy toggle (18+ needs the age confirmation)", () => {
  // While the dialog is open the page behind it is inert (hidden from the accessibility tree).
  const spicy = () => screen.getByRole('switch', { name: 'เนื้อหาสำหรับผู้ใหญ่ (สไปซี่)', hidden: true });

  test('asks a member who has not confirmed first; confirming stores it and turns spicy on', async () => {
    const api = mockApi({ 'POST /api/users/me/age-confirmation': { body: { ...member, ageConfirmed: true } } });
    renderAt('/create-character/1');
    await userEvent.click(await screen.findByRole('switch', { name: 'เนื้อหาสำหรับผู้ใหญ่ (สไปซี่)', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันอายุ 18+' });
    expect(within(dialog).getByText('ฉันยืนยันว่าฉันมีอายุ 18 ปีขึ้นไป และต้องการเห็นตัวละครสำหรับผู้ใหญ่ (18+)')).toBeInTheDocument();
    expect(spicy()).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ยืนยันว่าอายุ 18 ปีขึ้นไป' }));
    await waitFor(() => expect(spicy()).toHaveAttribute('aria-checked', 'true'));
    expect(api.callsTo('POST', '/api/users/me/age-confirmation')[0]?.body).toEqual({ confirmed: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('cancelling leaves spicy off and stores nothing', async () => {
    const api = mockApi({});
    renderAt('/create-character/1');
    await userEvent.click(spicy());
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'ยืนยันอายุ 18+' })).getByRole('button', { name: 'ยกเลิก' }));
    expect(spicy()).toHaveAttribute('aria-checked', 'false');
    expect(api.callsTo('POST', '/api/users/me/age-confirmation')).toHaveLength(0);
  });

  test('a failed confirmation says so in Thai and leaves spicy off', async () => {
    mockApi({ 'POST /api/users/me/age-confirmation': { status: 400, body: { message: 'bad' } } });
    renderAt('/create-character/1');
    await userEvent.click(spicy());
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'ยืนยันอายุ 18+' })).getByRole('button', { name: 'ยืนยันว่าอายุ 18 ปีขึ้นไป' }));
    expect(await screen.findByText('บันทึกการยืนยันอายุไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(spicy()).toHaveAttribute('aria-checked', 'false');
  });

  test('a member who confirmed turns it on at once', async () => {
    mockApi({});
    renderAt('/create-character/1', { ageConfirmed: true });
    await userEvent.click(spicy());
    expect(spicy()).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('reporting from the character sheet (/c/{id})', () => {
  const sheet = fixtureOf(
    houseCharacter({ id: 'c9', name: 'ต้นกล้า', userId: 'creator', creatorUsername: 'นักเขียน', age: '', personality: 'ร่าเริง', firstMessage: 'สวัสดีครับ' }),
  );

  test("others report it from the sheet, and then go back to discover, where it is gone", async () => {
    const api = mockApi({
      'GET /api/characters/c9': { body: sheet() },
      'POST /api/characters/c9/reports': { status: 201, body: { id: 'r1', message: 'ok' } },
      'GET /api/characters/public': page([]),
    });
    renderAt('/c/c9');
    await userEvent.click(await screen.findByRole('button', { name: 'รายงานตัวละคร' }));
    const dialog = await screen.findByRole('dialog', { name: 'รายงาน ต้นกล้า' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'ความรุนแรง' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'ส่งรายงาน' }));
    expect(await screen.findByText('ขอบคุณที่แจ้งให้เราทราบ ทีมงานจะตรวจสอบ และคุณจะไม่เห็นตัวละครนี้อีก')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.callsTo('POST', '/api/characters/c9/reports')[0]?.body).toEqual({ reason: 'violence', details: '' });
  });

  test('its owner is offered no report', async () => {
    mockApi({ 'GET /api/characters/c9': { body: sheet({ userId: 'p1' }) } });
    renderAt('/c/c9');
    await screen.findByRole('button', { name: 'แก้ไขตัวละคร' });
    expect(screen.queryByRole('button', { name: 'รายงานตัวละคร' })).toBeNull();
  });
});
