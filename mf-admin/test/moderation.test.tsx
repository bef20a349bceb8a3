import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYSTEM_CREATOR, type AdminReport, type AuditEntry } from '@lakorn/contracts/web';
import { admin, character as houseCharacter, deferred, fixtureOf, member, mockApi } from '@lakorn/shell-sdk/testing';
import { renderAdmin } from './support';

// /admin/moderation (catalog README "Moderation and the age gate"): the queue with hide and
// dismiss, the direct controls of a character, and the audit log.

const report = (overrides: Partial<AdminReport> = {}): AdminReport => ({
  id: 'r1',
  characterId: 'char1',
  characterName: 'ตัวร้าย',
  characterOwnerId: 'owner1',
  characterOwnerUsername: 'นักเขียน',
  characterProfileUrl: '',
  characterHidden: false,
  characterHiddenReason: null,
  characterAdult: false,
  characterAdultOverride: null,
  reporterId: 'm1',
  reason: 'copyright',
  details: 'ลอกมาจากการ์ตูน',
  status: 'open',
  createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  resolvedAt: null,
  resolvedBy: null,
  openReports: 2,
  totalReports: 3,
  ...overrides,
});

/** A member's character, as the moderation controls read it. */
const character = fixtureOf(
  houseCharacter({ userId: 'owner1', name: 'ตัวร้าย', age: '', personality: 'เจ้าเล่ห์', firstMessage: 'สวัสดี', description: 'ตัวร้ายประจำเรื่อง', creatorUsername: 'นักเขียน' }),
);

const reports = (list: AdminReport[], nextCursor: string | null = null) => ({ body: { reports: list, nextCursor } });

describe('the report queue', () => {
  test('lists open reports with the character, its owner, the reason in Thai, the details, the counts and the time', async () => {
    const api = mockApi({ 'GET /api/admin/reports': reports([report(), report({ id: 'r2', characterId: 'c2', characterName: 'ดาว', reason: 'sexual-minor', details: '', characterOwnerId: SYSTEM_CREATOR.id, characterOwnerUsername: 'ทีมละคร' })]) });
    renderAdmin('/admin/moderation', admin);
    const first = await screen.findByRole('listitem', { name: 'ตัวร้าย' });
    expect(within(first).getByText('เจ้าของ: นักเขียน')).toBeInTheDocument();
    expect(within(first).getByText('ละเมิดลิขสิทธิ์')).toBeInTheDocument();
    expect(within(first).getByText('ลอกมาจากการ์ตูน')).toBeInTheDocument();
    expect(within(first).getByText('รอตรวจ 2 รายงาน')).toBeInTheDocument();
    expect(within(first).getByText('ทั้งหมด 3 ครั้ง')).toBeInTheDocument();
    expect(within(first).getByText('รายงาน 3 นาทีที่แล้ว')).toBeInTheDocument();
    const starter = screen.getByRole('listitem', { name: 'ดาว' });
    // A starter-cast character's creator is the system account, and admins see it as such.
    expect(within(starter).getByText('เจ้าของ: บัญชีระบบ (ตัวละครเริ่มต้น)')).toBeInTheDocument();
    expect(within(starter).getByText('เนื้อหาทางเพศที่เกี่ยวกับผู้เยาว์')).toBeInTheDocument();
    expect(within(starter).getByText('ไม่มีรายละเอียดเพิ่มเติม')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/reports')[0]?.url.searchParams.get('status')).toBe('open');
  });

  test('hide asks first, then resolves with hide, confirms in Thai and reloads the queue', async () => {
    let open = [report()];
    const held = deferred<void>();
    const api = mockApi({
      'GET /api/admin/reports': () => reports(open),
      'POST /api/admin/reports/r1/resolve': async () => {
        await held.promise;
        open = [];
        return { body: report({ status: 'hidden', characterHidden: true, characterHiddenReason: 'copyright' }) };
      },
    });
    renderAdmin('/admin/moderation', admin);
    const card = await screen.findByRole('listitem', { name: 'ตัวร้าย' });
    await userEvent.click(within(card).getByRole('button', { name: 'ซ่อนตัวละคร' }));
    const dialog = screen.getByRole('dialog', { name: 'ซ่อน ตัวร้าย?' });
    expect(api.callsTo('POST', '/api/admin/reports/r1/resolve')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ซ่อนตัวละคร' }));
    // Busy while the server works: the confirm shows progress and cannot be pressed again.
    expect(await within(dialog).findByRole('button', { name: 'กำลังซ่อน...' })).toBeDisabled();
    held.resolve();
    expect(await screen.findByText('ซ่อน ตัวร้าย แล้ว')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/reports/r1/resolve')[0]?.body).toEqual({ action: 'hide' });
    expect(await screen.findByText('ไม่มีรายงานที่รอตรวจสอบ')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('dismiss resolves that report with dismiss, with no confirmation', async () => {
    let open = [report()];
    const api = mockApi({
      'GET /api/admin/reports': () => reports(open),
      'POST /api/admin/reports/r1/resolve': () => {
        open = [];
        return { body: report({ status: 'dismissed' }) };
      },
    });
    renderAdmin('/admin/moderation', admin);
    await userEvent.click(within(await screen.findByRole('listitem', { name: 'ตัวร้าย' })).getByRole('button', { name: 'ยกเลิกรายงาน' }));
    expect(await screen.findByText('ยกเลิกรายงานแล้ว')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/reports/r1/resolve')[0]?.body).toEqual({ action: 'dismiss' });
    expect(await screen.findByText('ไม่มีรายงานที่รอตรวจสอบ')).toBeInTheDocument();
  });

  test('a failed action says so in Thai and keeps the report', async () => {
    mockApi({ 'GET /api/admin/reports': reports([report()]), 'POST /api/admin/reports/r1/resolve': { status: 400, body: { message: 'bad' } } });
    renderAdmin('/admin/moderation', admin);
    await userEvent.click(within(await screen.findByRole('listitem', { name: 'ตัวร้าย' })).getByRole('button', { name: 'ยกเลิกรายงาน' }));
    expect(await screen.findByText('ดำเนินการไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'ตัวร้าย' })).toBeInTheDocument();
  });

  test('"all" shows resolved reports without actions, and a failed load offers a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/reports': (call) => {
        if (fail) return { status: 400, body: { message: 'bad' } };
        return reports(call.url.searchParams.get('status') === 'all' ? [report({ status: 'dismissed', openReports: 0 })] : []);
      },
    });
    renderAdmin('/admin/moderation', admin);
    expect(await screen.findByText('โหลดรายงานไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByText('ไม่มีรายงานที่รอตรวจสอบ')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ทั้งหมด' }));
    const done = await screen.findByRole('listitem', { name: 'ตัวร้าย' });
    expect(within(done).getByText('ยกเลิกแล้ว')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'ซ่อนตัวละคร' })).toBeNull();
    expect(within(done).queryByRole('button', { name: 'ยกเลิกรายงาน' })).toBeNull();
  });

  test('members never see the page', async () => {
    const api = mockApi({});
    renderAdmin('/admin/moderation', member);
    expect(await screen.findByText('หน้านี้สำหรับผู้ดูแลระบบเท่านั้น')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('the direct controls of a character', () => {
  test("a report's manage opens the controls; hiding asks first and sends {hidden: true}", async () => {
    let current = character();
    const api = mockApi({
      'GET /api/admin/reports': reports([report()]),
      'GET /api/characters/char1': () => ({ body: current }),
      'PUT /api/admin/characters/char1/moderation': (call) => {
        current = { ...current, hidden: (call.body as { hidden: boolean }).hidden, hiddenReason: 'admin' };
        return { body: current };
      },
    });
    renderAdmin('/admin/moderation', admin);
    await userEvent.click(within(await screen.findByRole('listitem', { name: 'ตัวร้าย' })).getByRole('button', { name: 'จัดการ' }));
    const controls = await screen.findByRole('region', { name: 'จัดการ ตัวร้าย' });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/moderation?tab=character&id=char1');
    const hidden = within(controls).getByRole('switch', { name: 'ซ่อนตัวละครนี้' });
    expect(hidden).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(hidden);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'ซ่อน ตัวร้าย?' })).getByRole('button', { name: 'ซ่อนตัวละคร' }));
    expect(await screen.findByText('บันทึกแล้ว')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/characters/char1/moderation')[0]?.body).toEqual({ hidden: true });
    await waitFor(() => expect(within(controls).getByRole('switch', { name: 'ซ่อนตัวละครนี้' })).toHaveAttribute('aria-checked', 'true'));
    expect(within(controls).getByText('เหตุผล: ผู้ดูแลระบบซ่อนตัวละครนี้')).toBeInTheDocument();
    // Showing it again needs no confirmation.
    await userEvent.click(within(controls).getByRole('switch', { name: 'ซ่อนตัวละครนี้' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/characters/char1/moderation')[1]?.body).toEqual({ hidden: false }));
  });

  test('18+ follows spicy, always or never: each choice sends adult null, true or false', async () => {
    let current = character({ isSpicy: true });
    const api = mockApi({
      'GET /api/characters/char1': () => ({ body: current }),
      'PUT /api/admin/characters/char1/moderation': (call) => {
        current = { ...current, adultOverride: (call.body as { adult: boolean | null }).adult };
        return { body: current };
      },
    });
    renderAdmin('/admin/moderation?tab=character&id=char1', admin);
    const group = await screen.findByRole('radiogroup', { name: 'อายุผู้ชม' });
    expect(within(group).getByRole('radio', { name: 'ตามสไปซี่' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/ตอนนี้เป็น 18\+ เพราะผู้สร้างเปิดสไปซี่/)).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('radio', { name: 'ทุกวัย' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'ทุกวัย' })).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText('ตอนนี้เป็นทุกวัย ตามที่ผู้ดูแลระบบกำหนด')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('radio', { name: '18+ เสมอ' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: '18+ เสมอ' })).toHaveAttribute('aria-checked', 'true'));
    await userEvent.click(within(group).getByRole('radio', { name: 'ตามสไปซี่' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/characters/char1/moderation')).toHaveLength(3));
    expect(api.callsTo('PUT', '/api/admin/characters/char1/moderation').map((c) => c.body)).toEqual([{ adult: false }, { adult: true }, { adult: null }]);
  });

  test('looks a character up by its share link, says when there is none, and a failed save says so', async () => {
    mockApi({
      'GET /api/characters/char1': { body: character() },
      'PUT /api/admin/characters/char1/moderation': { status: 400, body: { message: 'bad' } },
    });
    renderAdmin('/admin/moderation?tab=character', admin);
    const field = screen.getByRole('textbox', { name: 'รหัสตัวละคร หรือลิงก์ /c/…' });
    await userEvent.type(field, 'http://localhost:8080/c/nobody');
    await userEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    expect(await screen.findByText('ไม่พบตัวละครนี้')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'http://localhost:8080/c/char1');
    await userEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    const controls = await screen.findByRole('region', { name: 'จัดการ ตัวร้าย' });
    await userEvent.click(within(controls).getByRole('radio', { name: '18+ เสมอ' }));
    expect(await screen.findByText('บันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(within(controls).getByRole('radio', { name: 'ตามสไปซี่' })).toHaveAttribute('aria-checked', 'true');
  });
});

describe('the audit log', () => {
  const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
    id: `a${n}`,
    at: new Date(Date.UTC(2026, 0, 10 - n, 3, 0)).toISOString(),
    actorId: 'p-admin',
    actorEmail: 'moderator@lakorn.local',
    action: 'report.hide',
    targetType: 'character',
    targetId: `char${n}`,
    details: { characterId: `char${n}`, hidden: true, reason: 'spam' },
    ...overrides,
  });

  test('shows actions newest first as the server pages them, in Thai, and loads more with the cursor', async () => {
    const api = mockApi({
      'GET /api/characters/char1': { body: houseCharacter({ id: 'char1', name: 'มะลิ' }) },
      'GET /api/characters/char2': { body: houseCharacter({ id: 'char2', name: 'ตัวร้าย' }) },
      'GET /api/admin/audit': (call) =>
        call.url.searchParams.get('cursor') === 'next'
          ? { body: { entries: [entry(3, { action: 'report.dismiss', targetType: 'report', targetId: 'r9', details: { characterId: 'char1', reason: 'spam' } })], nextCursor: null } }
          : { body: { entries: [entry(1, { action: 'character.moderation', details: { adult: true } }), entry(2)], nextCursor: 'next' } },
    });
    renderAdmin('/admin/moderation?tab=audit', admin);
    const list = await screen.findByRole('list', { name: 'บันทึกการดำเนินการของผู้ดูแล' });
    await within(list).findByText('เปลี่ยนการแสดงผลของตัวละคร');
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual(['เปลี่ยนการแสดงผลของตัวละคร', 'ซ่อนตัวละครจากรายงาน']);
    expect(within(list).getByText('อายุผู้ชม: 18+ เสมอ')).toBeInTheDocument();
    // Names, not ids: the character's name is read from the catalog.
    expect(within(list).getByText('ซ่อนอยู่ · เหตุผล: สแปมหรือโฆษณา')).toBeInTheDocument();
    expect(await within(list).findByText('ตัวละคร ตัวร้าย')).toBeInTheDocument();
    expect(within(list).getByText('ตัวละคร มะลิ')).toBeInTheDocument();
    expect(within(list).getAllByText(/โดย moderator@lakorn.local/)).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'ดูเพิ่มเติม' }));
    expect(await within(list).findByText('ยกเลิกรายงาน')).toBeInTheDocument();
    expect(await within(list).findByText('รายงานเรื่องตัวละคร มะลิ')).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/char\d|r9/);
    expect(api.callsTo('GET', '/api/admin/audit').at(-1)?.url.searchParams.get('cursor')).toBe('next');
    expect(screen.queryByRole('button', { name: 'ดูเพิ่มเติม' })).toBeNull();
  });

  test("reads checkin's and wallet's actions in Thai: what was done, to what, and the new value", async () => {
    mockApi({
      'GET /api/admin/audit': () => ({
        body: {
          entries: [
            entry(1, { action: 'promoCode.create', targetType: 'promoCode', targetId: 'p1', details: { code: 'SONGKRAN', coins: 50, maxUses: null } }),
            entry(2, { action: 'promoCode.setActive', targetType: 'promoCode', targetId: 'p1', details: { code: 'SONGKRAN', isActive: false } }),
            entry(3, { action: 'paymentSystem.set', targetType: 'setting', targetId: 'paymentSystem', details: { enabled: true } }),
            entry(4, { action: 'registrationBonus.set', targetType: 'setting', targetId: 'registrationBonus', details: { coins: 500 } }),
            entry(5, { action: 'dailyCoins.set', targetType: 'dayOfWeek', targetId: '6', details: { coinAmount: 70 } }),
            entry(6, { action: 'specialDay.add', targetType: 'specialDay', targetId: 'd1', details: { date: '2026-04-13', coinAmount: 150 } }),
            entry(7, { action: 'news.publish', targetType: 'news', targetId: 'n1', details: { title: 'อัปเดตใหม่' } }),
            entry(8, { action: 'wallet.something.new', targetType: 'thing', targetId: 't1', details: { level: 2 } }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderAdmin('/admin/moderation?tab=audit', admin);
    const list = await screen.findByRole('list', { name: 'บันทึกการดำเนินการของผู้ดูแล' });
    await within(list).findByText('สร้างโค้ดโปรโมชัน');
    const items = within(list).getAllByRole('listitem').map((li) => [...li.querySelectorAll('strong, small')].slice(0, 3).map((n) => n.textContent));
    expect(items).toEqual([
      ['สร้างโค้ดโปรโมชัน', 'โค้ด SONGKRAN · 50 เหรียญ · ใช้ได้ไม่จำกัด', 'โค้ดโปรโมชัน SONGKRAN'],
      ['เปลี่ยนสถานะโค้ดโปรโมชัน', 'โค้ด SONGKRAN · ปิดใช้งาน', 'โค้ดโปรโมชัน SONGKRAN'],
      ['ตั้งค่าระบบชำระเงิน', 'เปิดรับชำระเงิน', 'การตั้งค่า ระบบชำระเงิน'],
      ['ตั้งโบนัสสมัครสมาชิก', '500 เหรียญ', 'การตั้งค่า โบนัสสมัครสมาชิก'],
      ['ตั้งเหรียญเช็คอินรายวัน', '70 เหรียญ', 'วันเสาร์'],
      ['เพิ่มวันเช็คอินพิเศษ', expect.stringMatching(/13 เมษายน 2569 · 150 เหรียญ$/), 'วันเช็คอินพิเศษ วันจันทร์ที่ 13 เมษายน 2569'],
      ['ลงข่าว', 'หัวข้อ: อัปเดตใหม่', 'ข่าว อัปเดตใหม่'],
      // An action this screen does not know yet shows as the server named it.
      ['wallet.something.new', 'level: 2', 'thing t1'],
    ]);
  });

  test('names a removal and a moderated character by what the entry itself holds (code, title, date, characterName), with no catalog read', async () => {
    const api = mockApi({
      'GET /api/admin/audit': () => ({
        body: {
          entries: [
            entry(1, { action: 'promoCode.remove', targetType: 'promoCode', targetId: 'p7', details: { code: 'LOYKRATHONG' } }),
            entry(2, { action: 'news.remove', targetType: 'news', targetId: 'n7', details: { title: 'ปิดปรับปรุงระบบ' } }),
            entry(3, { action: 'specialDay.remove', targetType: 'specialDay', targetId: 'd7', details: { date: '2026-11-24' } }),
            entry(4, { action: 'character.moderation', targetType: 'character', targetId: 'gone7', details: { hidden: true, characterName: 'นางร้าย' } }),
            entry(5, { action: 'report.dismiss', targetType: 'report', targetId: 'r7', details: { characterId: 'gone8', characterName: 'จอมโจร', reason: 'spam' } }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderAdmin('/admin/moderation?tab=audit', admin);
    const list = await screen.findByRole('list', { name: 'บันทึกการดำเนินการของผู้ดูแล' });
    await within(list).findByText('ลบโค้ดโปรโมชัน');
    const targets = within(list).getAllByRole('listitem').map((li) => li.querySelector('[data-part="target"]')?.textContent);
    expect(targets).toEqual([
      'โค้ดโปรโมชัน LOYKRATHONG',
      'ข่าว ปิดปรับปรุงระบบ',
      'วันเช็คอินพิเศษ วันอังคารที่ 24 พฤศจิกายน 2569',
      'ตัวละคร นางร้าย',
      'รายงานเรื่องตัวละคร จอมโจร',
    ]);
    // The name is the target's, never a raw field in the change line.
    expect(within(list).getByText('ซ่อนอยู่')).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/characterName|\b(p7|n7|d7|gone7|gone8|r7)\b/);
    expect(api.callsTo('GET', '/api/characters/gone7')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/characters/gone8')).toHaveLength(0);
  });

  test('names what a removal removed from the entry that made it, and never shows a bare id', async () => {
    mockApi({
      'GET /api/admin/audit': () => ({
        body: {
          entries: [
            entry(1, { action: 'promoCode.remove', targetType: 'promoCode', targetId: 'p1', details: {} }),
            entry(2, { action: 'news.remove', targetType: 'news', targetId: 'n1', details: {} }),
            entry(3, { action: 'specialDay.remove', targetType: 'specialDay', targetId: 'd9', details: {} }),
            entry(6, { action: 'character.moderation', targetType: 'character', targetId: 'gone1', details: { hidden: true } }),
            entry(4, { action: 'news.publish', targetType: 'news', targetId: 'n1', details: { title: 'กิจกรรมสงกรานต์' } }),
            entry(5, { action: 'promoCode.create', targetType: 'promoCode', targetId: 'p1', details: { code: 'SONGKRAN', coins: 50, maxUses: null } }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderAdmin('/admin/moderation?tab=audit', admin);
    const list = await screen.findByRole('list', { name: 'บันทึกการดำเนินการของผู้ดูแล' });
    await within(list).findByText('ลบโค้ดโปรโมชัน');
    const targets = within(list).getAllByRole('listitem').map((li) => li.querySelector('[data-part="target"]')?.textContent);
    await within(list).findByText('ตัวละครที่ลบไปแล้ว');
    expect(targets.slice(0, 3)).toEqual(['โค้ดโปรโมชัน SONGKRAN', 'ข่าว กิจกรรมสงกรานต์', 'วันเช็คอินพิเศษที่ลบไปแล้ว']);
    expect(targets.slice(4)).toEqual(['ข่าว กิจกรรมสงกรานต์', 'โค้ดโปรโมชัน SONGKRAN']);
    expect(list.textContent).not.toMatch(/\b(p1|n1|d9|gone1)\b/);
  });
});
