import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SPECIAL_DAY_EXISTS_CODE, type NewsItem, type SpecialCheckinDay } from '@lakorn/contracts/web';
import { deferred, mockApi, owner } from '@lakorn/shell-sdk/testing';
import { listWithDelete, renderAdmin } from './support';

const news: NewsItem[] = [
  { id: 'n1', title: 'เทศกาลสงกรานต์', content: 'รับเหรียญพิเศษ', type: 'event', imageUrl: '/character-images/songkran.png', createdAt: '2025-04-10T03:00:00.000Z' },
  { id: 'n2', title: 'ปรับปรุงระบบแชท', content: 'แชทเร็วขึ้น', type: 'update', createdAt: '2025-03-05T05:00:00.000Z' },
  { id: 'n3', title: 'ประกาศวันหยุด', content: 'ปิดปรับปรุง', type: 'announcement', createdAt: '2025-02-01T05:00:00.000Z' },
];
const days: SpecialCheckinDay[] = [
  { id: 'd1', date: '2025-04-13', coinAmount: 300, description: 'วันสงกรานต์' },
  { id: 'd2', date: '2025-05-01', coinAmount: 150, description: '' },
];

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });

describe('the page frame', () => {
  test("is titled 'manage news', goes back to /news and to the coin settings", async () => {
    mockApi({ 'GET /api/news': { body: [] } });
    const user = userEvent.setup();
    renderAdmin('/admin/news');
    expect(screen.getByRole('heading', { name: 'จัดการข่าวสาร' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ตั้งค่าเหรียญ' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/daily-coin-settings');
  });

  test('the back button goes to /news', async () => {
    mockApi({ 'GET /api/news': { body: [] } });
    const user = userEvent.setup();
    renderAdmin('/admin/news');
    await user.click(screen.getByRole('button', { name: 'กลับไปหน้าข่าวสาร' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/news$/);
  });
});

describe('the News tab', () => {
  test('lists each item with its title, date, type label and a delete icon', async () => {
    mockApi({ 'GET /api/news': { body: news } });
    renderAdmin('/admin/news');
    const list = await screen.findByRole('list', { name: 'รายการข่าวสาร' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['เทศกาลสงกรานต์', 'ปรับปรุงระบบแชท', 'ประกาศวันหยุด']);
    expect(within(rows[0]!).getByText('กิจกรรม')).toBeInTheDocument();
    // Thai locale; the hour is the device's own zone.
    expect(within(rows[0]!).getByText(/^10 เม\.ย\. 2568 \d\d:00$/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('อัปเดต')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('ประกาศ')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'ลบข่าว ปรับปรุงระบบแชท' })).toBeInTheDocument();
  });

  test('an empty list says so; a failed load offers a retry', async () => {
    let fail = true;
    mockApi({ 'GET /api/news': () => (fail ? { status: 403, body: { message: 'Admin only' } } : { body: [] }) });
    const user = userEvent.setup();
    renderAdmin('/admin/news');
    expect(await screen.findByText('ไม่สามารถโหลดข้อมูลได้ กรุณาลองใหม่ภายหลัง')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByText('ยังไม่มีข่าวสาร')).toBeInTheDocument();
  });

  test('adds news with an uploaded image: type defaults to update, the image goes through the catalog upload, the list and /news query show it', async () => {
    const created: NewsItem = { id: 'n9', title: 'ข่าวใหม่', content: 'เนื้อหา', type: 'event', imageUrl: '/character-images/abc.png', createdAt: new Date().toISOString() };
    let listed: NewsItem[] = [];
    const api = mockApi({
      'GET /api/news': () => ({ body: listed }),
      'POST /api/upload/character-image': { status: 201, body: { url: '/character-images/abc.png' } },
      'POST /api/admin/news': () => {
        listed = [created];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    const { cache } = renderAdmin('/admin/news');
    await screen.findByText('ยังไม่มีข่าวสาร');
    await user.click(screen.getByRole('button', { name: 'เพิ่มข่าวสาร' }));
    const dialog = screen.getByRole('dialog', { name: 'เพิ่มข่าวสาร' });
    const save = within(dialog).getByRole('button', { name: 'บันทึก' });
    expect(within(dialog).getByRole('combobox', { name: 'ประเภท' })).toHaveValue('update');
    expect(save).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: 'หัวข้อข่าว' }), 'ข่าวใหม่');
    await user.type(within(dialog).getByRole('textbox', { name: 'เนื้อหา' }), 'เนื้อหา');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ประเภท' }), 'event');
    await user.upload(within(dialog).getByLabelText('รูปภาพ (ไม่บังคับ)'), png());
    expect(await within(dialog).findByRole('img', { name: 'ตัวอย่างรูปภาพข่าว' })).toHaveAttribute('src', '/character-images/abc.png');

    const upload = api.callsTo('POST', '/api/upload/character-image')[0]!.body as FormData;
    expect((upload.get('image') as File).name).toBe('banner.png');
    expect(upload.get('userId')).toBe(owner.id);

    await user.click(save);
    await screen.findByText('เพิ่มข่าวสารสำเร็จ');
    expect(api.callsTo('POST', '/api/admin/news')[0]!.body).toEqual({
      title: 'ข่าวใหม่',
      content: 'เนื้อหา',
      type: 'event',
      imageUrl: '/character-images/abc.png',
      userId: owner.uid,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'ข่าวใหม่' })).toBeInTheDocument();
    // The same query /news reads now holds the new item.
    expect((cache.get('/api/news') as { data: NewsItem[] }).data.map((n) => n.id)).toEqual(['n9']);
  });

  test('refuses a file that is not an image, and one over 5 MB, without uploading', async () => {
    const api = mockApi({ 'GET /api/news': { body: [] } });
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin('/admin/news');
    await user.click(await screen.findByRole('button', { name: 'เพิ่มข่าวสาร' }));
    const input = screen.getByLabelText('รูปภาพ (ไม่บังคับ)');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ไฟล์ไม่ถูกต้อง');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent('ไฟล์ขนาดใหญ่เกินไป');
    expect(api.callsTo('POST', '/api/upload/character-image')).toEqual([]);
  });

  test("a failed add says 'cannot add news' with why in Thai (never the server's English) and keeps the dialog", async () => {
    mockApi({ 'GET /api/news': { body: [] }, 'POST /api/admin/news': { status: 400, body: { message: 'title: Title is required' } } });
    const user = userEvent.setup();
    renderAdmin('/admin/news');
    await user.click(await screen.findByRole('button', { name: 'เพิ่มข่าวสาร' }));
    await user.type(screen.getByRole('textbox', { name: 'หัวข้อข่าว' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'เนื้อหา' }), 'y');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('ไม่สามารถเพิ่มข่าวสารได้');
    expect(toast).toHaveTextContent('ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบแล้วลองใหม่');
    expect(toast.textContent).not.toMatch(/[A-Za-z]/);
    expect(screen.getByRole('dialog', { name: 'เพิ่มข่าวสาร' })).toBeInTheDocument();
  });

  test('delete asks the spec\'s question; cancel keeps the item, delete removes it and says so', async () => {
    const api = mockApi(listWithDelete('GET /api/news', news, (id) => `DELETE /api/admin/news/${id}`));
    const user = userEvent.setup();
    renderAdmin('/admin/news');
    await user.click(await screen.findByRole('button', { name: 'ลบข่าว ปรับปรุงระบบแชท' }));
    let dialog = screen.getByRole('dialog', { name: 'ยืนยันการลบ' });
    expect(dialog).toHaveTextContent('คุณแน่ใจหรือไม่? การลบนี้ไม่สามารถย้อนกลับได้ และข้อมูลจะถูกลบอย่างถาวร');
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE', '/api/admin/news/n2')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'ลบข่าว ปรับปรุงระบบแชท' }));
    dialog = screen.getByRole('dialog', { name: 'ยืนยันการลบ' });
    await user.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    await screen.findByText('ลบข้อมูลสำเร็จ');
    expect(api.callsTo('DELETE', '/api/admin/news/n2')[0]!.body).toEqual({ userId: owner.uid });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'ปรับปรุงระบบแชท' })).toBeNull());
  });

  test("a failed delete says 'cannot delete news' and leaves the dialog open", async () => {
    mockApi({ 'GET /api/news': { body: news }, 'DELETE /api/admin/news/n1': { status: 404, body: { message: 'News item not found' } } });
    const user = userEvent.setup();
    renderAdmin('/admin/news');
    await user.click(await screen.findByRole('button', { name: 'ลบข่าว เทศกาลสงกรานต์' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ลบ' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('ไม่สามารถลบข่าวสารได้');
    expect(toast).toHaveTextContent('ไม่พบรายการนี้ อาจถูกลบไปแล้ว');
    expect(toast.textContent).not.toMatch(/[A-Za-z]/);
    expect(screen.getByRole('dialog', { name: 'ยืนยันการลบ' })).toBeInTheDocument();
  });
});

describe('the Special days tab', () => {
  const openTab = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('tab', { name: 'วันพิเศษ' }));
    return screen.getByRole('tabpanel', { name: 'วันพิเศษ' });
  };

  const settings = (amounts: number[]) => ({ body: amounts.map((coinAmount, dayOfWeek) => ({ id: `s${dayOfWeek}`, dayOfWeek, coinAmount })) });

  test("lists date, description ('special day' when none), coins and a delete icon, with the note on regular days", async () => {
    mockApi({ 'GET /api/news': { body: [] }, 'GET /api/special-checkin-days': { body: days }, 'GET /api/daily-coin-settings': settings([30, 20, 20, 20, 20, 20, 30]) });
    const user = userEvent.setup();
    renderAdmin('/admin/news');
    const panel = await openTab(user);
    // README "Refinements of the spec": the amounts of the live settings, not spec §2's 40 and 70.
    expect(await within(panel).findByText('วันปกติจะได้รับ 20 เหรียญในวันธรรมดา และ 30 เหรียญในวันเสาร์-อาทิตย์')).toBeInTheDocument();
    const rows = within(await within(panel).findByRole('list', { name: 'รายการวันพิเศษ' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('heading')).toHaveTextContent('วันสงกรานต์');
    expect(rows[0]).toHaveTextContent('วันอาทิตย์ที่ 13 เมษายน 2568');
    expect(rows[0]).toHaveTextContent('300 เหรียญ');
    expect(within(rows[1]!).getByRole('heading')).toHaveTextContent('วันพิเศษ');
    expect(rows[1]).toHaveTextContent('150 เหรียญ');
    expect(within(rows[1]!).getByRole('button', { name: 'ลบวันพิเศษ วันพฤหัสบดีที่ 1 พฤษภาคม 2568' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/news?tab=special-days');
  });

  test('the note on regular days follows settings that differ from day to day, and names no amount it does not know', async () => {
    let fail = true;
    mockApi({
      'GET /api/news': { body: [] },
      'GET /api/special-checkin-days': { body: days },
      'GET /api/daily-coin-settings': () => (fail ? { status: 403, body: { message: 'x' } } : settings([50, 20, 25, 20, 20, 40, 70])),
    });
    const user = userEvent.setup();
    const { unmount } = renderAdmin('/admin/news');
    const panel = await openTab(user);
    expect(await within(panel).findByText('วันปกติจะได้รับเหรียญตามที่ตั้งไว้ในหน้าตั้งค่าเหรียญรายวัน')).toBeInTheDocument();
    expect(within(panel).queryByText(/40|70/)).toBeNull();
    unmount();
    fail = false;
    renderAdmin('/admin/news');
    const again = await openTab(user);
    expect(await within(again).findByText('วันปกติจะได้รับ 20–40 เหรียญในวันธรรมดา และ 50–70 เหรียญในวันเสาร์-อาทิตย์')).toBeInTheDocument();
  });

  test("the add dialog: coins default 100, save disabled without a date and 'please choose a date'; saves date, coins and description", async () => {
    const created: SpecialCheckinDay = { id: 'd9', date: '2025-06-02', coinAmount: 250, description: 'วันพิเศษทดสอบ' };
    let listed = [...days];
    const api = mockApi({
      'GET /api/news': { body: [] },
      'GET /api/special-checkin-days': () => ({ body: listed }),
      'POST /api/admin/special-checkin-days': () => {
        listed = [...listed, created];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    const { cache } = renderAdmin('/admin/news?tab=special-days');
    // A calendar /news loaded earlier (as SWR keeps it: data and its key) must not keep its old amounts.
    cache.set('/api/checkin/calendar?year=2025&month=6', { data: { stale: true }, _k: '/api/checkin/calendar?year=2025&month=6' });
    await user.click(await screen.findByRole('button', { name: 'เพิ่มวันพิเศษ' }));
    const dialog = screen.getByRole('dialog', { name: 'เพิ่มวันพิเศษ' });
    const save = within(dialog).getByRole('button', { name: 'บันทึก' });
    expect(within(dialog).getByRole('spinbutton', { name: 'จำนวนเหรียญ' })).toHaveValue(100);
    expect(within(dialog).getByPlaceholderText('เช่น วันสงกรานต์')).toBeInTheDocument();
    expect(save).toBeDisabled();
    const date = within(dialog).getByLabelText('วันที่');
    fireEvent.blur(date);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('กรุณาเลือกวันที่');

    fireEvent.change(date, { target: { value: '2025-06-02' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const coins = within(dialog).getByRole('spinbutton', { name: 'จำนวนเหรียญ' });
    await user.clear(coins);
    await user.type(coins, '0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('จำนวนเหรียญต้องเป็นตัวเลขตั้งแต่ 1 ขึ้นไป');
    expect(save).toBeDisabled();
    await user.clear(coins);
    await user.type(coins, '250');
    await user.type(within(dialog).getByRole('textbox', { name: 'คำอธิบาย (ไม่บังคับ)' }), 'วันพิเศษทดสอบ');
    expect(save).toBeEnabled();
    await user.click(save);

    await screen.findByText('เพิ่มวันพิเศษสำเร็จ');
    expect(api.callsTo('POST', '/api/admin/special-checkin-days')[0]!.body).toEqual({
      date: '2025-06-02',
      coinAmount: 250,
      description: 'วันพิเศษทดสอบ',
      userId: owner.uid,
    });
    expect(await screen.findByRole('heading', { name: 'วันพิเศษทดสอบ' })).toBeInTheDocument();
    expect(cache.get('/api/checkin/calendar?year=2025&month=6')?.data).toBeUndefined();
  });

  test('a date that already is a special day is refused in Thai', async () => {
    mockApi({
      'GET /api/news': { body: [] },
      'GET /api/special-checkin-days': { body: days },
      'POST /api/admin/special-checkin-days': { status: 409, body: { message: 'A special day already exists for this date', code: SPECIAL_DAY_EXISTS_CODE } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/news?tab=special-days');
    await user.click(await screen.findByRole('button', { name: 'เพิ่มวันพิเศษ' }));
    fireEvent.change(screen.getByLabelText('วันที่'), { target: { value: '2025-04-13' } });
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('ไม่สามารถเพิ่มวันพิเศษได้');
    expect(toast).toHaveTextContent('วันที่นี้เป็นวันพิเศษอยู่แล้ว');
  });

  test('deleting a special day goes through the same confirmation (204 is success)', async () => {
    const gate = deferred<{ status: number }>();
    const api = mockApi({
      'GET /api/news': { body: [] },
      ...listWithDelete('GET /api/special-checkin-days', days, (id) => `DELETE /api/admin/special-checkin-days/${id}`, () => gate.promise),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/news?tab=special-days');
    await user.click(await screen.findByRole('button', { name: 'ลบวันพิเศษ วันอาทิตย์ที่ 13 เมษายน 2568' }));
    const dialog = screen.getByRole('dialog', { name: 'ยืนยันการลบ' });
    await user.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    expect(within(dialog).getByRole('button', { name: 'กำลังลบ...' })).toBeDisabled();
    gate.resolve({ status: 204 });
    await screen.findByText('ลบข้อมูลสำเร็จ');
    expect(api.callsTo('DELETE', '/api/admin/special-checkin-days/d1')[0]!.body).toEqual({ userId: owner.uid });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'วันสงกรานต์' })).toBeNull());
  });
});
