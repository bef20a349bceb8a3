import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, deferred, member, mockApi, owner } from '@lakorn/shell-sdk/testing';
import { renderAdmin } from './support';

// Defence in depth (spec §6 roles): the shell keeps others away from mf-admin, but if this remote is
// reached anyway each page shows its own no-access screen (spec §2) and calls no admin API.

const adminApis = (calls: ReturnType<typeof mockApi>['calls']) => calls.filter((c) => c.url.pathname.startsWith('/api/admin'));

test.each([
  ['/admin/news', 'ไม่มีสิทธิ์เข้าถึง', 'button', 'ย้อนกลับ'],
  ['/admin/daily-coin-settings', 'ไม่มีสิทธิ์เข้าถึง', 'link', 'กลับหน้าหลัก'],
  ['/admin/payment-settings', 'ไม่มีสิทธิ์เข้าถึง', 'button', 'กลับหน้าหลัก'],
  ['/admin/promo-codes', 'พื้นที่ผู้ดูแลระบบ', 'button', 'กลับหน้าหลัก'],
  ['/admin/registration-bonus', 'ไม่มีสิทธิ์', 'button', 'กลับหน้าหลัก'],
] as const)('a member on %s sees that page\'s no-access screen and no admin call is made', async (path, title, exitRole, exitName) => {
  const api = mockApi({});
  renderAdmin(path, member);
  const card = screen.getByTestId('admin-no-access');
  expect(within(card).getByRole('heading', { name: title })).toBeInTheDocument();
  // Every refusal has a way back (README "Refinements of the spec": the promo page's too).
  expect(within(card).getByRole(exitRole, { name: exitName })).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 20));
  expect(adminApis(api.calls)).toEqual([]);
});

test('the payment switch and the registration bonus are the owner\'s: an admin who is not the owner gets no-access there', async () => {
  const api = mockApi({});
  const { unmount } = renderAdmin('/admin/payment-settings', admin);
  expect(screen.getByText('เฉพาะบัญชีผู้ดูแลระบบที่กำหนดไว้เท่านั้นที่ตั้งค่าระบบชำระเงินได้')).toBeInTheDocument();
  unmount();
  renderAdmin('/admin/registration-bonus', admin);
  expect(screen.getByText('เฉพาะผู้ดูแลระบบเท่านั้นที่สามารถเข้าถึงการตั้งค่านี้ได้')).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 20));
  expect(adminApis(api.calls)).toEqual([]);
});

test('an admin who is not the owner may use the news, coin settings and promo pages', async () => {
  mockApi({ 'GET /api/news': { body: [] }, 'GET /api/admin/promo-codes': { body: [] }, 'GET /api/daily-coin-settings': { body: [] } });
  for (const [path, heading] of [
    ['/admin/news', 'จัดการข่าวสาร'],
    ['/admin/daily-coin-settings', 'ตั้งค่าเหรียญรายวัน'],
    ['/admin/promo-codes', 'โค้ดโปรโมชัน'],
  ] as const) {
    const { unmount } = renderAdmin(path, admin);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.queryByTestId('admin-no-access')).toBeNull();
    unmount();
  }
});

test('the no-access button of an owner page leads to the home page', async () => {
  mockApi({});
  const user = userEvent.setup();
  const { unmount } = renderAdmin('/admin/registration-bonus', member);
  await user.click(screen.getByRole('button', { name: 'กลับหน้าหลัก' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  unmount();
});

test('a spinner shows while the session (the profile) is still loading, then the page for the owner', async () => {
  const session = deferred<{ status?: number; body?: unknown }>();
  mockApi({ 'GET /api/auth/session': () => session.promise, 'GET /api/admin/payment-system': { body: { enabled: true, available: true, provider: 'simulated' } } });
  renderAdmin('/admin/payment-settings', null);
  expect(screen.getByRole('status', { name: 'กำลังโหลด' })).toBeInTheDocument();
  expect(screen.getByText('กำลังตรวจสอบสิทธิ์...')).toBeInTheDocument();
  session.resolve({ body: owner });
  expect(await screen.findByRole('switch', { name: 'เปิดใช้งานระบบชำระเงิน' })).toBeChecked();
});
