import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromoCode } from '@lakorn/contracts/web';
import { admin, mockApi } from '@lakorn/shell-sdk/testing';
import { listWithDelete, renderAdmin } from './support';

const codes: PromoCode[] = [
  { id: 'c1', code: 'SONGKRAN25', coins: 500, type: 'limited', maxUses: 10, usedCount: 3, isActive: true, createdAt: '2025-04-10T12:00:00.000Z' },
  { id: 'c2', code: 'WELCOME', coins: 100, type: 'unlimited', maxUses: null, usedCount: 42, isActive: false, createdAt: '2025-01-05T12:00:00.000Z' },
];

/** A wallet keeping the admin's codes (spec §7 admin promo calls). */
function server(initial: PromoCode[] = codes) {
  let list = [...initial];
  const api = mockApi({
    'GET /api/admin/promo-codes': () => ({ body: list }),
    'POST /api/admin/promo-codes': (call) => {
      const body = call.body as { code: string; coins: number; type: 'limited' | 'unlimited'; maxUses: number | null; generateRandom: boolean };
      const created: PromoCode = {
        id: `c${list.length + 1}`,
        code: body.generateRandom || !body.code ? 'RANDOM12' : body.code,
        coins: body.coins,
        type: body.type,
        maxUses: body.type === 'limited' ? body.maxUses : null,
        usedCount: 0,
        isActive: true,
        createdAt: '2025-06-01T12:00:00.000Z',
      };
      list = [created, ...list];
      return { status: 201, body: created };
    },
  });
  return { api, set: (next: PromoCode[]) => (list = next) };
}

const row = (code: string) => screen.getByRole('row', { name: new RegExp(`^${code}\\b`) });

describe('the table', () => {
  test('has the columns code, coins, type, usage, status, created (dd/MM/yyyy) and actions', async () => {
    server();
    renderAdmin('/admin/promo-codes', admin);
    expect(screen.getByRole('heading', { name: 'โค้ดโปรโมชัน' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['โค้ด', 'เหรียญ', 'ประเภท', 'การใช้', 'สถานะ', 'วันที่สร้าง', 'จัดการ']);
    const first = within(row('SONGKRAN25')).getAllByRole('cell').map((c) => c.textContent);
    expect(first.slice(0, 5)).toEqual(['500', 'จำกัดจำนวน', '3 / 10', 'เปิดใช้งาน', '10/04/2568']);
    const second = within(row('WELCOME')).getAllByRole('cell').map((c) => c.textContent);
    expect(second.slice(0, 5)).toEqual(['100', 'ไม่จำกัด', '42 / ∞', 'ปิดใช้งาน', '05/01/2568']);
    // On a phone the table scrolls inside its own labelled region, not the page.
    expect(screen.getByRole('region', { name: 'รายการโค้ดโปรโมชัน' })).toContainElement(table);
    // README "Refinements of the spec": Thai through and through; only the codes themselves are Latin.
    expect(screen.getByRole('main').textContent!.replace(/SONGKRAN25|WELCOME/g, '')).not.toMatch(/[A-Za-z]/);
  });

  test("copy puts the code on the clipboard and says 'คัดลอกแล้ว'", async () => {
    server();
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await user.click(await screen.findByRole('button', { name: 'คัดลอก SONGKRAN25' }));
    expect(await screen.findByText('คัดลอกแล้ว')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('SONGKRAN25');
  });

  test('the active toggle switches a code off and on again (PUT with isActive and the uid)', async () => {
    const store = new Map(codes.map((c) => [c.id, { ...c }]));
    const api = mockApi({
      'GET /api/admin/promo-codes': () => ({ body: [...store.values()] }),
      'PUT /api/admin/promo-codes/c1': (call) => {
        const c = store.get('c1')!;
        c.isActive = (call.body as { isActive: boolean }).isActive;
        return { body: c };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    const toggle = await screen.findByRole('switch', { name: 'เปิดใช้งาน SONGKRAN25' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(within(row('SONGKRAN25')).getByText('ปิดใช้งาน')).toBeInTheDocument());
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(within(row('SONGKRAN25')).getByText('เปิดใช้งาน')).toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/admin/promo-codes/c1').map((c) => c.body)).toEqual([
      { userId: admin.uid, isActive: false },
      { userId: admin.uid, isActive: true },
    ]);
  });

  test("a refused toggle goes back and says 'Failed to update promo code: {message}' under 'เกิดข้อผิดพลาด'", async () => {
    mockApi({ 'GET /api/admin/promo-codes': { body: codes }, 'PUT /api/admin/promo-codes/c2': { status: 404, body: { message: 'Promo code not found' } } });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    const toggle = await screen.findByRole('switch', { name: 'เปิดใช้งาน WELCOME' });
    await user.click(toggle);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('เกิดข้อผิดพลาด');
    expect(toast).toHaveTextContent('อัปเดตโค้ดโปรโมชันไม่สำเร็จ: ไม่พบรายการนี้ อาจถูกลบไปแล้ว');
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  test("delete asks 'คุณแน่ใจหรือไม่ว่าต้องการลบโค้ดนี้?' and then deletes with ?userId", async () => {
    const api = mockApi(listWithDelete('GET /api/admin/promo-codes', codes, (id) => `DELETE /api/admin/promo-codes/${id}`));
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await user.click(await screen.findByRole('button', { name: 'ลบ WELCOME' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('คุณแน่ใจหรือไม่ว่าต้องการลบโค้ดนี้?');
    await user.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /^WELCOME/ })).toBeNull());
    const call = api.callsTo('DELETE', '/api/admin/promo-codes/c2')[0]!;
    expect(call.url.searchParams.get('userId')).toBe(admin.uid);
  });

  test("a failed delete says 'Failed to delete promo code: {message}'", async () => {
    mockApi({ 'GET /api/admin/promo-codes': { body: codes }, 'DELETE /api/admin/promo-codes/c1': { status: 403, body: { message: 'Admin only' } } });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await user.click(await screen.findByRole('button', { name: 'ลบ SONGKRAN25' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ลบ' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('ลบโค้ดโปรโมชันไม่สำเร็จ: บัญชีนี้ไม่มีสิทธิ์ทำรายการนี้');
  });

  test('the refresh button loads the list again', async () => {
    const { api, set } = server();
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await screen.findByRole('table');
    set([{ ...codes[0]!, usedCount: 4 }]);
    await user.click(screen.getByRole('button', { name: 'โหลดใหม่' }));
    await waitFor(() => expect(within(row('SONGKRAN25')).getByText('4 / 10')).toBeInTheDocument());
    expect(api.callsTo('GET', '/api/admin/promo-codes')[0]!.url.searchParams.get('userId')).toBe(admin.uid);
  });
});

describe('the empty and error states', () => {
  test('an empty list offers a create button', async () => {
    server([]);
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    expect(await screen.findByText('ยังไม่มีโค้ดโปรโมชัน')).toBeInTheDocument();
    const main = screen.getByRole('main');
    const buttons = within(main).getAllByRole('button', { name: 'สร้างโค้ด' });
    await user.click(buttons[buttons.length - 1]!);
    expect(screen.getByRole('dialog', { name: 'สร้างโค้ดโปรโมชัน' })).toBeInTheDocument();
  });

  test("a failed load says 'cannot load data, try again later' with a retry", async () => {
    let fail = true;
    mockApi({ 'GET /api/admin/promo-codes': () => (fail ? { status: 403, body: { message: 'Admin only' } } : { body: codes }) });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    expect(await screen.findByText('ไม่สามารถโหลดข้อมูลได้ กรุณาลองใหม่ภายหลัง')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('the create dialog', () => {
  const open = async (user: ReturnType<typeof userEvent.setup>) => {
    // The header's button (an empty list offers a second one below it).
    await user.click(screen.getAllByRole('button', { name: 'สร้างโค้ด' })[0]!);
    return screen.getByRole('dialog', { name: 'สร้างโค้ดโปรโมชัน' });
  };
  /** An empty list with the create dialog open. */
  const openOnEmpty = async () => {
    const { api } = server([]);
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await screen.findByText('ยังไม่มีโค้ดโปรโมชัน');
    return { api, user, dialog: await open(user) };
  };

  test('starts from the spec defaults: code empty, coins 100, type unlimited, no max uses (shown only for limited, default 10)', async () => {
    const { user, dialog } = await openOnEmpty();
    expect(within(dialog).getByRole('textbox', { name: 'โค้ด' })).toHaveValue('');
    expect(within(dialog).getByRole('spinbutton', { name: 'จำนวนเหรียญ' })).toHaveValue(100);
    expect(within(dialog).getByRole('combobox', { name: 'ประเภท' })).toHaveValue('unlimited');
    expect(within(dialog).getByRole('checkbox', { name: 'สุ่มโค้ดให้อัตโนมัติ' })).not.toBeChecked();
    expect(within(dialog).queryByRole('spinbutton', { name: 'จำนวนครั้งที่ใช้ได้' })).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ประเภท' }), 'limited');
    expect(within(dialog).getByRole('spinbutton', { name: 'จำนวนครั้งที่ใช้ได้' })).toHaveValue(10);
    expect(dialog.textContent).not.toMatch(/[A-Za-z]/);
  });

  test("'generate random' hides the code input and sends generateRandom with an empty code", async () => {
    const { api, user, dialog } = await openOnEmpty();
    await user.type(within(dialog).getByRole('textbox', { name: 'โค้ด' }), 'IGNORED');
    await user.click(within(dialog).getByRole('checkbox', { name: 'สุ่มโค้ดให้อัตโนมัติ' }));
    expect(within(dialog).queryByRole('textbox', { name: 'โค้ด' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'สร้าง' }));
    expect(await screen.findByText('สร้างโค้ดโปรโมชันแล้ว')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/promo-codes')[0]!.body).toEqual({
      code: '',
      coins: 100,
      type: 'unlimited',
      maxUses: null,
      generateRandom: true,
      userId: admin.uid,
    });
    expect(await screen.findByRole('row', { name: /^RANDOM12/ })).toBeInTheDocument();
  });

  test('creates a limited code with its max uses', async () => {
    const { api, user, dialog } = await openOnEmpty();
    await user.type(within(dialog).getByRole('textbox', { name: 'โค้ด' }), 'Fest2025');
    const coins = within(dialog).getByRole('spinbutton', { name: 'จำนวนเหรียญ' });
    await user.clear(coins);
    await user.type(coins, '250');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ประเภท' }), 'limited');
    const maxUses = within(dialog).getByRole('spinbutton', { name: 'จำนวนครั้งที่ใช้ได้' });
    await user.clear(maxUses);
    await user.type(maxUses, '3');
    await user.click(within(dialog).getByRole('button', { name: 'สร้าง' }));
    await screen.findByText('สร้างโค้ดโปรโมชันแล้ว');
    expect(api.callsTo('POST', '/api/admin/promo-codes')[0]!.body).toEqual({
      code: 'Fest2025',
      coins: 250,
      type: 'limited',
      maxUses: 3,
      generateRandom: false,
      userId: admin.uid,
    });
    const cells = within(await screen.findByRole('row', { name: /^Fest2025/ })).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('0 / 3');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test.each([
    ['code with a symbol', { code: 'AB-12' }, 'โค้ดต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น'],
    ['code too short', { code: 'AB1' }, 'โค้ดต้องยาว 4-20 ตัวอักษร'],
    ['coins empty (parsed as 0)', { coins: '' }, 'จำนวนเหรียญต้องอยู่ระหว่าง 1 ถึง 100,000'],
    ['coins above 100000', { coins: '100001' }, 'จำนวนเหรียญต้องอยู่ระหว่าง 1 ถึง 100,000'],
    ['max uses 0 on a limited code', { limited: true, maxUses: '0' }, 'จำนวนครั้งที่ใช้ได้ต้องไม่น้อยกว่า 1'],
  ])('refuses a %s without sending', async (_name, input: { code?: string; coins?: string; limited?: boolean; maxUses?: string }, message) => {
    const { api, user, dialog } = await openOnEmpty();
    if (input.code !== undefined) await user.type(within(dialog).getByRole('textbox', { name: 'โค้ด' }), input.code);
    if (input.coins !== undefined) {
      await user.clear(within(dialog).getByRole('spinbutton', { name: 'จำนวนเหรียญ' }));
      if (input.coins) await user.type(within(dialog).getByRole('spinbutton', { name: 'จำนวนเหรียญ' }), input.coins);
    }
    if (input.limited) {
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ประเภท' }), 'limited');
      await user.clear(within(dialog).getByRole('spinbutton', { name: 'จำนวนครั้งที่ใช้ได้' }));
      await user.type(within(dialog).getByRole('spinbutton', { name: 'จำนวนครั้งที่ใช้ได้' }), input.maxUses ?? '');
    }
    await user.click(within(dialog).getByRole('button', { name: 'สร้าง' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('POST', '/api/admin/promo-codes')).toEqual([]);
  });

  test("a refused create says 'Failed to create promo code: {message}' under 'เกิดข้อผิดพลาด' and keeps the dialog", async () => {
    mockApi({
      'GET /api/admin/promo-codes': { body: codes },
      'POST /api/admin/promo-codes': { status: 409, body: { message: 'A promo code with this code already exists', code: 'PROMO_EXISTS' } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await screen.findByRole('table');
    const dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'โค้ด' }), 'WELCOME');
    await user.click(within(dialog).getByRole('button', { name: 'สร้าง' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('เกิดข้อผิดพลาด');
    expect(toast).toHaveTextContent('สร้างโค้ดโปรโมชันไม่สำเร็จ: มีโค้ดนี้อยู่แล้ว');
    expect(screen.getByRole('dialog', { name: 'สร้างโค้ดโปรโมชัน' })).toBeInTheDocument();
  });
});
