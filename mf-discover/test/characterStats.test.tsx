import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CharacterStats as Stats, CharacterStatsCounts } from '@lakorn/contracts/web';
import { deferred, mockApi, renderWithShell } from '@lakorn/shell-sdk/testing';
import { CharacterStats } from '../src/features/character-stats';
import { profile } from './support';

// The creator's numbers (GET /api/characters/{id}/stats): a table for 7 days, 30 days and all
// time with Thai labels, a bar per day of the last 30, and the loading, failed and empty states.

const counts = (n: Partial<CharacterStatsCounts> = {}): CharacterStatsCounts => ({ chatsStarted: 0, messagesReceived: 0, members: 0, likes: 0, thumbsUp: 0, thumbsDown: 0, ...n });
const days = (values: number[]) => values.map((messagesReceived, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, ...counts({ messagesReceived }) }));
function stats(overrides: Partial<Stats> = {}): Stats {
  return {
    characterId: 'c1',
    windows: {
      days7: counts({ chatsStarted: 3, messagesReceived: 40, members: 3, likes: 2, thumbsUp: 5, thumbsDown: 1 }),
      days30: counts({ chatsStarted: 9, messagesReceived: 1234, members: 7, likes: 4, thumbsUp: 11, thumbsDown: 2 }),
      all: counts({ chatsStarted: 20, messagesReceived: 5000, members: 15, likes: 9, thumbsUp: 30, thumbsDown: 6 }),
    },
    daily: days(Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 0 : i))),
    at: '2026-11-30T10:00:00.000Z',
    ...overrides,
  };
}
const render = () => renderWithShell(<CharacterStats characterId="c1" />, { profile });

test('shows each number for 7 days, 30 days and all time under Thai labels, and a bar for each of the last 30 days', async () => {
  mockApi({ 'GET /api/characters/c1/stats': { body: stats() } });
  render();
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['รายการ', '7 วัน', '30 วัน', 'ทั้งหมด']);
  const row = (label: string) => within(table).getByRole('row', { name: new RegExp(`^${label}`) });
  expect(within(row('ข้อความที่ได้รับ')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['40', '1,234', '5,000']);
  expect(within(row('แชทที่เริ่ม')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '9', '20']);
  expect(within(row('ผู้ใช้ที่คุยด้วย')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '7', '15']);
  expect(within(row('ถูกใจ')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '4', '9']);
  expect(within(row('คำตอบที่ชอบ')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5', '11', '30']);
  expect(within(row('คำตอบที่ไม่ชอบ')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '2', '6']);
  const chart = screen.getByRole('img', { name: /ข้อความที่ได้รับรายวัน 30 วันล่าสุด รวม 300 ข้อความ มากที่สุด 29 ข้อความต่อวัน/ });
  const bars = chart.querySelectorAll('rect');
  expect(bars).toHaveLength(30);
  // The busiest day fills the chart; a quiet day is a hairline.
  expect(Number(bars[29]!.getAttribute('height'))).toBeGreaterThan(Number(bars[1]!.getAttribute('height')));
  expect(bars[0]!.getAttribute('height')).toBe('1');
});

test('says it is loading, then a failure in Thai with a retry that asks again', async () => {
  const first = deferred<{ status: number; body: unknown }>();
  let calls = 0;
  mockApi({ 'GET /api/characters/c1/stats': () => (++calls === 1 ? first.promise : { body: stats() }) });
  const user = userEvent.setup();
  render();
  expect(screen.getByRole('region', { name: 'สถิติ' })).toHaveAttribute('aria-busy', 'true');
  first.resolve({ status: 403, body: { message: 'Only the creator can change this character' } });
  expect(await screen.findByText('โหลดสถิติไม่สำเร็จ', {}, { timeout: 8000 })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
  await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
}, 20_000);

test('a character nobody has talked to yet says so instead of a table of zeros', async () => {
  mockApi({ 'GET /api/characters/c1/stats': { body: stats({ windows: { days7: counts(), days30: counts(), all: counts() }, daily: days(Array(30).fill(0)) }) } });
  render();
  expect(await screen.findByText('ยังไม่มีใครคุยกับตัวละครนี้')).toBeInTheDocument();
  expect(screen.queryByRole('table')).toBeNull();
});
