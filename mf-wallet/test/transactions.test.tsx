import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CoinTransaction } from '@lakorn/contracts/web';
import { member, mockApi } from '@lakorn/shell-sdk/testing';
import { renderWallet } from './support';

const tx = (seq: number, createdAt: string, description: string, amount: number): CoinTransaction => ({
  id: `p1:${String(seq).padStart(12, '0')}`,
  createdAt,
  description,
  amount,
});

describe('/transactions (spec §2 coin history)', () => {
  test('shows the balance and a table of date (d MMM yyyy: the Thai order, Buddhist year), description and amount; up/green for credits, down/red absolute for debits', async () => {
    mockApi({
      'GET /api/coins/balance': { body: { balance: 1488, seq: 3 } },
      [`GET /api/coins/transactions/${member.id}`]: {
        body: [
          tx(3, '2025-03-05T10:00:00.000Z', 'ส่งข้อความ', -12),
          tx(2, '2025-03-04T09:00:00.000Z', 'ซื้อเหรียญ 500 เหรียญ', 500),
          tx(1, '2025-01-15T08:00:00.000Z', 'โบนัสสมัครสมาชิก', 1000),
        ],
      },
    });
    renderWallet('/transactions');
    expect(screen.getByRole('heading', { name: 'ประวัติการใช้เหรียญ' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'รายการเหรียญ' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['วันที่', 'รายการ', 'จำนวน']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['5 มี.ค. 2568', 'ส่งข้อความ', '12'],
      ['4 มี.ค. 2568', 'ซื้อเหรียญ 500 เหรียญ', '500'],
      ['15 ม.ค. 2568', 'โบนัสสมัครสมาชิก', '1,000'],
    ]);
    const debit = within(rows[0]!).getByLabelText('ใช้ 12 เหรียญ');
    const credit = within(rows[2]!).getByLabelText('ได้รับ 1,000 เหรียญ');
    expect(getComputedStyle(debit).color).toBe('rgb(255, 93, 93)');
    expect(getComputedStyle(credit).color).toBe('rgb(62, 207, 142)');
    expect(debit.querySelector('path')?.getAttribute('d')).toBe('M12 5v14M19 12l-7 7-7-7');
    expect(credit.querySelector('path')?.getAttribute('d')).toBe('M12 19V5M5 12l7-7 7 7');
    await waitFor(() => expect(screen.getByLabelText('ยอดเหรียญคงเหลือ')).toHaveTextContent('1,488'));
    // The balance keeps the coin colour (amber), not the label's.
    expect(getComputedStyle(screen.getByText('1,488')).color).not.toBe('rgb(167, 159, 179)');
  });

  test('says there are no transactions, in Thai (spec §2 "No transactions found"), when there are none', async () => {
    mockApi({ 'GET /api/coins/balance': { body: { balance: 0, seq: 0 } }, [`GET /api/coins/transactions/${member.id}`]: { body: [] } });
    renderWallet('/transactions');
    expect(await screen.findByText('ยังไม่มีรายการเหรียญ')).toBeInTheDocument();
  });

  test('the back button goes to /profile', async () => {
    mockApi({ 'GET /api/coins/balance': { body: { balance: 0, seq: 0 } }, [`GET /api/coins/transactions/${member.id}`]: { body: [] } });
    const user = userEvent.setup();
    renderWallet('/transactions');
    await user.click(screen.getByRole('button', { name: 'กลับไปหน้าโปรไฟล์' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  test('loads older pages after a full page, starting before the oldest row', async () => {
    const page1 = Array.from({ length: 50 }, (_, i) => tx(60 - i, '2025-03-05T10:00:00.000Z', `new ${60 - i}`, 1));
    const page2 = Array.from({ length: 10 }, (_, i) => tx(10 - i, '2025-03-01T10:00:00.000Z', `old ${10 - i}`, -1));
    const api = mockApi({
      'GET /api/coins/balance': { body: { balance: 40, seq: 60 } },
      [`GET /api/coins/transactions/${member.id}`]: ({ url }) => ({ body: url.searchParams.get('before') === '11' ? page2 : page1 }),
    });
    const user = userEvent.setup();
    renderWallet('/transactions');
    await screen.findByText('new 60');
    await user.click(screen.getByRole('button', { name: 'โหลดเพิ่มเติม' }));
    expect(await screen.findByText('old 1')).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/coins/transactions/${member.id}`).map((c) => c.url.search)).toEqual(['?limit=50', '?limit=50&before=11']);
    expect(screen.queryByRole('button', { name: 'โหลดเพิ่มเติม' })).toBeNull();
  });

  test('a failed load says so and retries', async () => {
    let calls = 0;
    mockApi({
      'GET /api/coins/balance': { body: { balance: 0, seq: 0 } },
      [`GET /api/coins/transactions/${member.id}`]: () => (++calls <= 3 ? { status: 500, body: { message: 'x' } } : { body: [] }),
    });
    const user = userEvent.setup();
    renderWallet('/transactions');
    expect(await screen.findByText('ไม่สามารถโหลดประวัติเหรียญได้ กรุณาลองใหม่อีกครั้ง', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByText('ยังไม่มีรายการเหรียญ')).toBeInTheDocument();
  });
});
