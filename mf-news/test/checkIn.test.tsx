import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALREADY_CHECKED_IN_MESSAGE, ERROR_CODES } from '@lakorn/contracts/web';
import { member, mockApi } from '@lakorn/shell-sdk/testing';
import { calendarOf, renderNews } from './support';

// The server's today is far from this machine's clock on purpose: everything "today" must come
// from the server (a phone with a wrong clock still shows the right button).
const TODAY = '2025-01-08'; // a Wednesday

function cell(date: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-date="${date}"]`);
  if (!found) throw new Error(`no calendar cell for ${date}`);
  return found;
}

const baseRoutes = {
  'GET /api/news': { body: [] },
};

describe('the check-in calendar', () => {
  test('lays out the month Sunday-first from the server\'s today: coins per day, check marks, passed, today\'s button, "-" for the future, special days', async () => {
    mockApi({
      ...baseRoutes,
      'GET /api/checkin/calendar': { body: calendarOf(2025, 1, TODAY, { checked: { '2025-01-02': 20 }, special: { '2025-01-15': 150 } }) },
    });
    renderNews();

    const grid = await screen.findByRole('table', { name: 'มกราคม 2568' });
    const headings = within(grid).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headings).toEqual(['อา', 'จ', 'อ', 'พ', 'พฤ', 'ศ', 'ส']);
    // 1 January 2025 is a Wednesday: three blanks before it in the first week.
    const firstWeek = within(grid).getAllByRole('row')[1]!;
    const firstWeekCells = [...firstWeek.querySelectorAll('td')];
    expect(firstWeekCells.map((c) => c.dataset.date ?? null)).toEqual([null, null, null, '2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04']);

    expect(within(cell('2025-01-02')).getByRole('img', { name: 'เช็คอินแล้ว' })).toBeInTheDocument();
    expect(within(cell('2025-01-01')).getByText('ผ่านไปแล้ว')).toBeInTheDocument();
    expect(within(cell('2025-01-07')).getByText('ผ่านไปแล้ว')).toBeInTheDocument();
    expect(cell(TODAY)).toHaveAttribute('aria-current', 'date');
    expect(within(cell(TODAY)).getByRole('button', { name: 'เช็คอิน' })).toBeInTheDocument();
    expect(within(cell('2025-01-09')).getByText('-')).toBeInTheDocument();
    expect(within(cell('2025-01-09')).queryByRole('button')).toBeNull();

    // Each day's coins (Saturday 30, weekdays 20), and the special day's amount.
    expect(within(cell('2025-01-04')).getByLabelText('วันที่ 4 ได้รับ 30 เหรียญ')).toBeInTheDocument();
    expect(within(cell('2025-01-06')).getByLabelText('วันที่ 6 ได้รับ 20 เหรียญ')).toBeInTheDocument();
    expect(within(cell('2025-01-15')).getByLabelText('วันที่ 15 ได้รับ 150 เหรียญ')).toBeInTheDocument();
    // Special days are amber (spec §2).
    expect(getComputedStyle(cell('2025-01-15')).backgroundColor).toBe('rgba(245, 181, 68, 0.16)');
    expect(getComputedStyle(cell('2025-01-16')).backgroundColor).not.toBe('rgba(245, 181, 68, 0.16)');

    expect(screen.getByText('วันพิเศษ', { selector: 'li' })).toBeInTheDocument();
    expect(screen.getByText('เช็คอินแล้ว', { selector: 'li' })).toBeInTheDocument();
  });

  test('changing the month loads that month, and coming back shows today\'s month again', async () => {
    const api = mockApi({
      ...baseRoutes,
      'GET /api/checkin/calendar': ({ url }) => {
        const month = Number(url.searchParams.get('month') ?? 1);
        const year = Number(url.searchParams.get('year') ?? 2025);
        return { body: calendarOf(year, month, TODAY) };
      },
    });
    const user = userEvent.setup();
    renderNews();
    await screen.findByRole('table', { name: 'มกราคม 2568' });

    await user.click(screen.getByRole('button', { name: 'เดือนถัดไป' }));
    const february = await screen.findByRole('table', { name: 'กุมภาพันธ์ 2568' });
    expect(api.calls.some((c) => c.url.search === '?year=2025&month=2')).toBe(true);
    expect(within(february).getAllByRole('cell').filter((c) => c.dataset.date)).toHaveLength(28);
    // all of February is in the future for the server: no button, only '-'
    expect(within(cell('2025-02-03')).getByText('-')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'เดือนก่อนหน้า' }));
    await user.click(screen.getByRole('button', { name: 'เดือนก่อนหน้า' }));
    await screen.findByRole('table', { name: 'ธันวาคม 2567' });
    expect(api.calls.some((c) => c.url.search === '?year=2024&month=12')).toBe(true);
    expect(within(cell('2024-12-31')).getByText('ผ่านไปแล้ว')).toBeInTheDocument();
    // The today panel keeps today whatever month is shown.
    expect(screen.getByRole('button', { name: 'เช็คอินวันนี้' })).toBeInTheDocument();
  });

  test('a calendar that fails to load says so and offers a retry', async () => {
    let fail = true;
    mockApi({
      ...baseRoutes,
      'GET /api/checkin/calendar': () => (fail ? { status: 403, body: { message: 'Forbidden' } } : { body: calendarOf(2025, 1, TODAY) }),
    });
    const user = userEvent.setup();
    renderNews();
    expect(await screen.findByText('โหลดปฏิทินเช็คอินไม่สำเร็จ')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('table', { name: 'มกราคม 2568' })).toBeInTheDocument();
  });
});

describe('the today panel and checking in', () => {
  test('shows the full Thai date, today\'s amount and the button', async () => {
    mockApi({ ...baseRoutes, 'GET /api/checkin/calendar': { body: calendarOf(2025, 1, TODAY) } });
    renderNews();
    const panel = (await screen.findByText('วันพุธที่ 8 มกราคม 2568')).closest('section')!;
    expect(within(panel).getByText('20 เหรียญ')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'เช็คอินวันนี้' })).toBeEnabled();
  });

  test('a check-in toasts the coins received, shows the check mark, hides the button and refreshes the profile\'s coins', async () => {
    let checkedIn = false;
    let profileReads = 0;
    const api = mockApi({
      ...baseRoutes,
      'GET /api/checkin/calendar': () => ({ body: calendarOf(2025, 1, TODAY, checkedIn ? { checked: { [TODAY]: 20 } } : {}) }),
      'POST /api/checkin': () => {
        checkedIn = true;
        return { status: 201, body: { checkin: { coinsReceived: 20, date: TODAY, special: false } } };
      },
      // The wallet credits from an event: the first profile read may not show it yet.
      [`GET /api/users/${member.id}`]: () => ({ body: { ...member, coins: ++profileReads === 1 ? member.coins : 120 } }),
    });
    const user = userEvent.setup();
    renderNews();
    await user.click(await screen.findByRole('button', { name: 'เช็คอินวันนี้' }));

    expect(await screen.findByText('เช็คอินสำเร็จ!')).toBeInTheDocument();
    expect(screen.getByText('คุณได้รับ 20 เหรียญ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/checkin')[0]?.body).toEqual({ userId: member.uid });

    await waitFor(() => expect(within(cell(TODAY)).getByRole('img', { name: 'เช็คอินแล้ว' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'เช็คอินวันนี้' })).toBeNull();
    expect(within(cell(TODAY)).queryByRole('button')).toBeNull();
    expect(screen.getByText('เช็คอินวันนี้แล้ว กลับมาใหม่พรุ่งนี้นะ')).toBeInTheDocument();

    // The calendar was fetched again, and the profile re-read until the credit showed.
    await waitFor(() => expect(api.callsTo('GET', '/api/checkin/calendar').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(profileReads).toBe(2), { timeout: 3000 });
    await waitFor(() => expect(screen.getByTestId('coin-badge')).toHaveTextContent('120'));
  });

  test('the check-in button on today\'s cell checks in too', async () => {
    const api = mockApi({
      ...baseRoutes,
      'GET /api/checkin/calendar': { body: calendarOf(2025, 1, TODAY) },
      'POST /api/checkin': { status: 201, body: { checkin: { coinsReceived: 150, date: TODAY, special: true } } },
      [`GET /api/users/${member.id}`]: { body: { ...member, coins: 250 } },
    });
    const user = userEvent.setup();
    renderNews();
    await screen.findByRole('table');
    await user.click(within(cell(TODAY)).getByRole('button', { name: 'เช็คอิน' }));
    expect(await screen.findByText('คุณได้รับ 150 เหรียญ')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/checkin')).toHaveLength(1);
  });

  test('"Already checked in today" gives the spec\'s toast and refreshes the calendar', async () => {
    let reads = 0;
    mockApi({
      ...baseRoutes,
      'GET /api/checkin/calendar': () => ({ body: calendarOf(2025, 1, TODAY, ++reads > 1 ? { checked: { [TODAY]: 20 } } : {}) }),
      'POST /api/checkin': { status: 409, body: { message: ALREADY_CHECKED_IN_MESSAGE, code: ERROR_CODES.alreadyCheckedIn } },
    });
    const user = userEvent.setup();
    renderNews();
    await user.click(await screen.findByRole('button', { name: 'เช็คอินวันนี้' }));
    expect(await screen.findByText('วันนี้คุณเช็คอินไปแล้ว กลับมาใหม่พรุ่งนี้นะ')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'เช็คอินวันนี้' })).toBeNull());
  });

  test('any other failure gives the spec\'s "cannot check in" toast and keeps the button', async () => {
    mockApi({
      ...baseRoutes,
      'GET /api/checkin/calendar': { body: calendarOf(2025, 1, TODAY) },
      'POST /api/checkin': { status: 403, body: { message: 'You can only act as yourself' } },
    });
    const user = userEvent.setup();
    renderNews();
    await user.click(await screen.findByRole('button', { name: 'เช็คอินวันนี้' }));
    expect(await screen.findByText('ไม่สามารถเช็คอินได้')).toBeInTheDocument();
    expect(screen.getByText('เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้งภายหลัง')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เช็คอินวันนี้' })).toBeEnabled();
  });

  test('a day already checked in shows no button anywhere', async () => {
    mockApi({ ...baseRoutes, 'GET /api/checkin/calendar': { body: calendarOf(2025, 1, TODAY, { checked: { [TODAY]: 20 } }) } });
    renderNews();
    expect(await screen.findByText('เช็คอินวันนี้แล้ว กลับมาใหม่พรุ่งนี้นะ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /เช็คอิน/ })).toBeNull();
  });
});
