import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, owner } from '@lakorn/shell-sdk/testing';
import { renderAdmin } from './support';

function server(initial: number | null) {
  let coins = initial;
  const api = mockApi({
    'GET /api/admin/registration-bonus': () => ({ body: coins === null ? null : { coins } }),
    'POST /api/admin/registration-bonus': (call) => {
      coins = (call.body as { coins: number }).coins;
      return { body: { coins } };
    },
  });
  return { api, posts: () => api.callsTo('POST', '/api/admin/registration-bonus').map((c) => c.body) };
}

test('shows a number input (min 0) with the unit (spec §2 COINS, in Thai), the current value and a hint, all in Thai', async () => {
  server(750);
  renderAdmin('/admin/registration-bonus');
  expect(screen.getByRole('heading', { name: 'โบนัสสมัครสมาชิก' })).toBeInTheDocument();
  const input = await screen.findByRole('spinbutton', { name: 'เหรียญที่สมาชิกใหม่แต่ละคนได้รับ' });
  expect(input).toHaveValue(750);
  expect(input).toHaveAttribute('min', '0');
  // The unit stands right beside the field.
  expect(screen.getByText('เหรียญ')).toBe(input.nextElementSibling);
  expect(screen.getByText(/ค่าปัจจุบัน/)).toHaveTextContent('ค่าปัจจุบัน: 750 เหรียญ');
  expect(screen.getByText(/สมาชิกใหม่ทุกคนจะได้รับเหรียญจำนวนนี้/)).toBeInTheDocument();
  // README "Refinements of the spec": the admin pages are Thai through and through.
  expect(screen.getByRole('main').textContent).not.toMatch(/[A-Za-z]/);
});

test('the current value falls back to 1000 when none is given', async () => {
  server(null);
  renderAdmin('/admin/registration-bonus');
  expect(await screen.findByRole('spinbutton', { name: 'เหรียญที่สมาชิกใหม่แต่ละคนได้รับ' })).toHaveValue(1000);
  expect(screen.getByText(/ค่าปัจจุบัน/)).toHaveTextContent('ค่าปัจจุบัน: 1,000 เหรียญ');
});

test('saves a whole number (0 included) and shows it as the current value', async () => {
  const { posts } = server(1000);
  const user = userEvent.setup();
  renderAdmin('/admin/registration-bonus');
  const input = await screen.findByRole('spinbutton', { name: 'เหรียญที่สมาชิกใหม่แต่ละคนได้รับ' });
  await user.clear(input);
  await user.type(input, '2500');
  await user.click(screen.getByRole('button', { name: 'บันทึก' }));
  expect(await screen.findByText('บันทึกโบนัสสมัครสมาชิกแล้ว')).toBeInTheDocument();
  expect(screen.getByText('สมาชิกใหม่จะได้รับ 2,500 เหรียญ')).toBeInTheDocument();
  // The current value is the re-read setting, which may land after the toast.
  await waitFor(() => expect(screen.getByText(/ค่าปัจจุบัน/)).toHaveTextContent('ค่าปัจจุบัน: 2,500 เหรียญ'));
  await user.clear(input);
  await user.type(input, '0');
  await user.click(screen.getByRole('button', { name: 'บันทึก' }));
  await waitFor(() => expect(screen.getByText(/ค่าปัจจุบัน/)).toHaveTextContent('ค่าปัจจุบัน: 0 เหรียญ'));
  expect(posts()).toEqual([
    { userId: owner.uid, coins: 2500 },
    { userId: owner.uid, coins: 0 },
  ]);
});

test.each([['-5'], ['1.5'], ['']])("refuses %p with 'ค่าไม่ถูกต้อง' / 'กรุณากรอกเฉพาะจำนวนเต็มตั้งแต่ 0 ขึ้นไป' and sends nothing", async (typed) => {
  const { posts } = server(1000);
  const user = userEvent.setup();
  renderAdmin('/admin/registration-bonus');
  const input = await screen.findByRole('spinbutton', { name: 'เหรียญที่สมาชิกใหม่แต่ละคนได้รับ' });
  await user.clear(input);
  if (typed) await user.type(input, typed);
  await user.click(screen.getByRole('button', { name: 'บันทึก' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('ค่าไม่ถูกต้อง');
  expect(toast).toHaveTextContent('กรุณากรอกเฉพาะจำนวนเต็มตั้งแต่ 0 ขึ้นไป');
  expect(posts()).toEqual([]);
});

test('a failed save says the bonus could not be set, with the generic text', async () => {
  mockApi({ 'GET /api/admin/registration-bonus': { body: { coins: 1000 } }, 'POST /api/admin/registration-bonus': { status: 403, body: { message: 'Owner only' } } });
  const user = userEvent.setup();
  renderAdmin('/admin/registration-bonus');
  await screen.findByRole('spinbutton', { name: 'เหรียญที่สมาชิกใหม่แต่ละคนได้รับ' });
  await user.click(screen.getByRole('button', { name: 'บันทึก' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('ไม่สามารถตั้งค่าโบนัสสมัครสมาชิกได้');
  expect(toast).toHaveTextContent('เกิดข้อผิดพลาด กรุณาลองใหม่ภายหลัง');
});

test("a failed load says 'ไม่สามารถโหลดการตั้งค่าโบนัสสมัครสมาชิกได้' with a retry", async () => {
  let fail = true;
  mockApi({ 'GET /api/admin/registration-bonus': () => (fail ? { status: 403, body: { message: 'Admin only' } } : { body: { coins: 40 } }) });
  const user = userEvent.setup();
  renderAdmin('/admin/registration-bonus');
  expect(await screen.findByText('ไม่สามารถโหลดการตั้งค่าโบนัสสมัครสมาชิกได้')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
  expect(await screen.findByRole('spinbutton', { name: 'เหรียญที่สมาชิกใหม่แต่ละคนได้รับ' })).toHaveValue(40);
});
