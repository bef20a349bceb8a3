import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailyCoinSetting } from '@lakorn/contracts/web';
import { mockApi, owner } from '@lakorn/shell-sdk/testing';
import { renderAdmin } from './support';

const saved = (amounts: number[]): DailyCoinSetting[] => amounts.map((coinAmount, dayOfWeek) => ({ id: `day-${dayOfWeek}`, dayOfWeek, coinAmount }));
const DAYS = ['วันอาทิตย์', 'วันจันทร์', 'วันอังคาร', 'วันพุธ', 'วันพฤหัสบดี', 'วันศุกร์', 'วันเสาร์'];

/** A server keeping the seven amounts; POSTs change them (one call per day, spec §7). */
function server(initial: number[], refuse: number[] = []) {
  const amounts = [...initial];
  const api = mockApi({
    'GET /api/daily-coin-settings': () => ({ body: saved(amounts) }),
    'POST /api/admin/daily-coin-settings': (call) => {
      const { dayOfWeek, coinAmount } = call.body as { dayOfWeek: number; coinAmount: number };
      if (refuse.includes(dayOfWeek)) return { status: 400, body: { message: 'refused' } };
      amounts[dayOfWeek] = coinAmount;
      return { body: { id: `day-${dayOfWeek}`, dayOfWeek, coinAmount } };
    },
  });
  return { api, amounts, posts: () => api.callsTo('POST', '/api/admin/daily-coin-settings').map((c) => c.body) };
}

const card = (day: string) => screen.getByRole('region', { name: day });
const input = (day: string) => screen.getByRole('spinbutton', { name: `จำนวนเหรียญ${day}` });

test('one card per weekday, Sunday to Saturday, labelled weekend or weekday, each with its saved amount; back goes to /admin/news', async () => {
  server([30, 20, 21, 22, 23, 24, 35]);
  const user = userEvent.setup();
  renderAdmin('/admin/daily-coin-settings');
  expect(screen.getByRole('heading', { name: 'ตั้งค่าเหรียญรายวัน' })).toBeInTheDocument();
  await screen.findByRole('region', { name: 'วันอาทิตย์' });
  const cards = within(screen.getByRole('main')).getAllByRole('region');
  expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(DAYS);
  expect(within(card('วันอาทิตย์')).getByText('วันหยุดสุดสัปดาห์')).toBeInTheDocument();
  expect(within(card('วันเสาร์')).getByText('วันหยุดสุดสัปดาห์')).toBeInTheDocument();
  for (const day of DAYS.slice(1, 6)) expect(within(card(day)).getByText('วันธรรมดา')).toBeInTheDocument();
  expect(input('วันอังคาร')).toHaveValue(21);
  expect(input('วันเสาร์')).toHaveValue(35);
  await user.click(screen.getByRole('button', { name: 'กลับไปหน้าจัดการข่าวสาร' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/news');
});

test('a changed card is highlighted as edited; save is enabled only while something is edited', async () => {
  server([30, 20, 20, 20, 20, 20, 30]);
  const user = userEvent.setup();
  renderAdmin('/admin/daily-coin-settings');
  await screen.findByRole('region', { name: 'วันจันทร์' });
  const save = screen.getByRole('button', { name: 'บันทึกการตั้งค่า' });
  expect(save).toBeDisabled();
  expect(card('วันจันทร์')).toHaveAttribute('data-edited', 'false');

  await user.clear(input('วันจันทร์'));
  await user.type(input('วันจันทร์'), '45');
  expect(card('วันจันทร์')).toHaveAttribute('data-edited', 'true');
  expect(within(card('วันจันทร์')).getByText('แก้ไขแล้ว')).toBeInTheDocument();
  expect(card('วันอังคาร')).toHaveAttribute('data-edited', 'false');
  expect(save).toBeEnabled();

  // Typing the saved amount back is no edit at all.
  await user.clear(input('วันจันทร์'));
  await user.type(input('วันจันทร์'), '20');
  expect(card('วันจันทร์')).toHaveAttribute('data-edited', 'false');
  expect(save).toBeDisabled();
});

test('saving sends one call per edited day, ignores non-numeric and below-1 entries, and every card is unedited afterwards', async () => {
  const { posts } = server([30, 20, 20, 20, 20, 20, 30]);
  const user = userEvent.setup();
  const { cache } = renderAdmin('/admin/daily-coin-settings');
  cache.set('/api/checkin/calendar', { data: { stale: true }, _k: '/api/checkin/calendar' });
  await screen.findByRole('region', { name: 'วันจันทร์' });

  await user.clear(input('วันจันทร์'));
  await user.type(input('วันจันทร์'), '45');
  await user.clear(input('วันเสาร์'));
  await user.type(input('วันเสาร์'), '80');
  await user.clear(input('วันพุธ'));
  await user.type(input('วันพุธ'), '0'); // below 1: ignored (spec §5)
  await user.clear(input('วันศุกร์')); // empty: not a number, ignored
  expect(within(card('วันพุธ')).getByText('ต้องเป็นตัวเลขตั้งแต่ 1 ขึ้นไป ค่านี้จะไม่ถูกบันทึก')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'บันทึกการตั้งค่า' }));
  await screen.findByText('บันทึกการตั้งค่าสำเร็จ');
  expect(posts()).toEqual(
    expect.arrayContaining([
      { dayOfWeek: 1, coinAmount: 45, userId: owner.uid },
      { dayOfWeek: 6, coinAmount: 80, userId: owner.uid },
    ]),
  );
  expect(posts()).toHaveLength(2);
  for (const day of DAYS) expect(card(day)).toHaveAttribute('data-edited', 'false');
  expect(input('วันจันทร์')).toHaveValue(45);
  expect(input('วันพุธ')).toHaveValue(20); // the ignored entry shows the saved amount again
  expect(input('วันศุกร์')).toHaveValue(20);
  expect(screen.getByRole('button', { name: 'บันทึกการตั้งค่า' })).toBeDisabled();
  // The members' calendars will load the new amounts.
  expect(cache.get('/api/checkin/calendar')?.data).toBeUndefined();
});

test("a refused save says 'error, cannot save settings'; the refused day stays edited, the others are saved", async () => {
  const { posts } = server([30, 20, 20, 20, 20, 20, 30], [2]);
  const user = userEvent.setup();
  renderAdmin('/admin/daily-coin-settings');
  await screen.findByRole('region', { name: 'วันจันทร์' });
  await user.clear(input('วันจันทร์'));
  await user.type(input('วันจันทร์'), '45');
  await user.clear(input('วันอังคาร'));
  await user.type(input('วันอังคาร'), '99');
  await user.click(screen.getByRole('button', { name: 'บันทึกการตั้งค่า' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent('เกิดข้อผิดพลาด ไม่สามารถบันทึกการตั้งค่าได้');
  expect(posts()).toHaveLength(2);
  await waitFor(() => expect(card('วันจันทร์')).toHaveAttribute('data-edited', 'false'));
  expect(card('วันอังคาร')).toHaveAttribute('data-edited', 'true');
  expect(input('วันอังคาร')).toHaveValue(99);
  expect(screen.getByRole('button', { name: 'บันทึกการตั้งค่า' })).toBeEnabled();
});

test('when every edited entry is unusable nothing is sent, and the page says why', async () => {
  const { posts } = server([30, 20, 20, 20, 20, 20, 30]);
  const user = userEvent.setup();
  renderAdmin('/admin/daily-coin-settings');
  await screen.findByRole('region', { name: 'วันจันทร์' });
  await user.clear(input('วันจันทร์'));
  await user.click(screen.getByRole('button', { name: 'บันทึกการตั้งค่า' }));
  expect(await screen.findByText('ไม่มีค่าที่บันทึกได้')).toBeInTheDocument();
  expect(posts()).toEqual([]);
  expect(input('วันจันทร์')).toHaveValue(20);
});
