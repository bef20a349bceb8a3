import { within, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, mockApi, owner } from '@lakorn/shell-sdk/testing';
import { renderAdmin } from './support';

const status = (enabled: boolean) => ({ body: { enabled, available: enabled, provider: 'simulated' } });

test('explains what the switch does and shows its saved state', async () => {
  mockApi({ 'GET /api/admin/payment-system': status(true) });
  renderAdmin('/admin/payment-settings');
  expect(screen.getByRole('heading', { name: 'ตั้งค่าระบบชำระเงิน' })).toBeInTheDocument();
  expect(await screen.findByRole('switch', { name: 'เปิดใช้งานระบบชำระเงิน' })).toBeChecked();
  expect(screen.getByText('เปิดอยู่')).toBeInTheDocument();
  expect(screen.getByText('เมื่อเปิด ผู้ใช้สามารถซื้อเหรียญผ่านระบบชำระเงิน PromptPay ได้')).toBeInTheDocument();
  const whenOff = screen.getByText((_, node) => node?.tagName === 'SPAN' && node.textContent === 'เมื่อปิด ผู้ใช้จะไม่สามารถเข้าสู่หน้าชำระเงินได้ และจะเห็นข้อความให้ติดต่อผ่านโซเชียลมีเดียแทน');
  // README "Thai text on screen" (packages/ui): the line never breaks inside "โซเชียลมีเดีย".
  expect(within(whenOff).getByText('โซเชียลมีเดีย')).toHaveStyle({ whiteSpace: 'nowrap' });
  expect(screen.getByText('เปิดใช้งานเฉพาะเมื่อต้องการรับชำระเงินจริงเท่านั้น')).toBeInTheDocument();
});

test('the toggle moves at once (optimistic), then is saved; the members\' status query is forgotten', async () => {
  const answer = deferred<{ body: unknown }>();
  let enabled = true;
  const api = mockApi({
    'GET /api/admin/payment-system': () => status(enabled),
    'POST /api/admin/payment-system': async () => {
      const reply = await answer.promise;
      enabled = false;
      return reply;
    },
  });
  const user = userEvent.setup();
  const { cache } = renderAdmin('/admin/payment-settings');
  cache.set('/api/payment-system/status', { data: { enabled: true }, _k: '/api/payment-system/status' });
  const toggle = await screen.findByRole('switch', { name: 'เปิดใช้งานระบบชำระเงิน' });
  await user.click(toggle);
  expect(toggle).not.toBeChecked();
  expect(toggle).toBeDisabled();
  expect(api.callsTo('POST', '/api/admin/payment-system')[0]!.body).toEqual({ enabled: false, userId: owner.uid });

  answer.resolve({ body: { enabled: false } });
  expect(await screen.findByText('ปิดระบบชำระเงินแล้ว')).toBeInTheDocument();
  await waitFor(() => expect(toggle).toBeEnabled());
  expect(toggle).not.toBeChecked();
  expect(screen.getByText('ปิดอยู่')).toBeInTheDocument();
  expect(cache.get('/api/payment-system/status')?.data).toBeUndefined();
});

test("a refused save puts the switch back and says 'cannot set payment system'", async () => {
  mockApi({ 'GET /api/admin/payment-system': status(false), 'POST /api/admin/payment-system': { status: 403, body: { message: 'Owner only' } } });
  const user = userEvent.setup();
  renderAdmin('/admin/payment-settings');
  const toggle = await screen.findByRole('switch', { name: 'เปิดใช้งานระบบชำระเงิน' });
  expect(toggle).not.toBeChecked();
  await user.click(toggle);
  expect(await screen.findByTestId('toast')).toHaveTextContent('ไม่สามารถตั้งค่าระบบชำระเงินได้');
  expect(toggle).not.toBeChecked();
  expect(toggle).toBeEnabled();
});
