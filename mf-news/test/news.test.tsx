import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsItem } from '@lakorn/contracts/web';
import { mockApi } from '@lakorn/shell-sdk/testing';
import { calendarOf, renderNews } from './support';

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const LONG = 'สงกรานต์นี้ร่วมสนุกกับตัวละครทุกตัว รับเหรียญพิเศษทุกวันตลอดเทศกาล และลุ้นรางวัลใหญ่ท้ายงานอีกมากมาย';

const news: NewsItem[] = [
  { id: 'n1', title: 'เทศกาลสงกรานต์', content: LONG, type: 'event', imageUrl: '/character-images/songkran.png', createdAt: ago(5 * 60_000) },
  { id: 'n2', title: 'ปรับปรุงระบบแชท', content: 'แชทเร็วขึ้น', type: 'update', createdAt: ago(3 * 60 * 60_000) },
  { id: 'n3', title: 'ประกาศวันหยุด', content: 'ปิดปรับปรุงชั่วคราว', type: 'announcement', imageUrl: 'https://cdn.example/holiday.webp', createdAt: ago(21 * DAY) },
  { id: 'n4', title: 'ข่าวเก่า', content: 'เก่ามาก', type: 'update', createdAt: '2024-03-05T05:00:00.000Z' },
];

const calendar = { 'GET /api/checkin/calendar': { body: calendarOf(2025, 1, '2025-01-08') } };

test('the header says news and activities and shows the balance; only admins get the admin button (spec §2 "Admin", in Thai), which goes to /admin/news', async () => {
  mockApi({ 'GET /api/news': { body: [] }, ...calendar });
  const { unmount } = renderNews();
  expect(screen.getByRole('heading', { name: 'ข่าวสารและกิจกรรม' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'ผู้ดูแลระบบ' })).toBeNull();
  expect(screen.getByTestId('coin-badge')).toHaveTextContent('100');
  unmount();

  renderNews({ isAdmin: true });
  await userEvent.setup().click(screen.getByRole('button', { name: 'ผู้ดูแลระบบ' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/news');
});

describe('the banner carousel', () => {
  test('shows only news with an image: its title and the content cut to 60 characters plus an ellipsis', async () => {
    mockApi({ 'GET /api/news': { body: news }, ...calendar });
    renderNews();
    const carousel = await screen.findByRole('region', { name: 'ข่าวเด่น' });
    const slides = within(carousel).getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(2);
    expect(slides[0]).toHaveAccessibleName('สไลด์ที่ 1 จาก 2');
    expect(within(slides[0]!).getByRole('heading', { name: 'เทศกาลสงกรานต์' })).toBeInTheDocument();
    expect(within(slides[0]!).getByText(`${Array.from(LONG).slice(0, 60).join('')}...`)).toBeInTheDocument();
    expect(slides[1]).toHaveTextContent('ประกาศวันหยุด');
    expect(within(carousel).queryByText('ปรับปรุงระบบแชท')).toBeNull();
  });

  test('dot buttons pick a slide and a swipe moves to the next or previous one', async () => {
    mockApi({ 'GET /api/news': { body: news }, ...calendar });
    renderNews();
    const carousel = await screen.findByRole('region', { name: 'ข่าวเด่น' });
    const visible = () => within(carousel).getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(visible()).toEqual(['สไลด์ที่ 1 จาก 2']);
    expect(within(carousel).getByRole('button', { name: 'ไปยังสไลด์ที่ 1' })).toHaveAttribute('aria-current', 'true');

    await userEvent.setup().click(within(carousel).getByRole('button', { name: 'ไปยังสไลด์ที่ 2' }));
    expect(visible()).toEqual(['สไลด์ที่ 2 จาก 2']);

    const track = carousel.querySelector('[aria-live]')!;
    fireEvent.pointerDown(track, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(track, { clientX: 180, pointerId: 1 });
    fireEvent.pointerUp(track, { clientX: 180, pointerId: 1 }); // 80 px to the right: previous
    expect(visible()).toEqual(['สไลด์ที่ 1 จาก 2']);

    fireEvent.pointerDown(track, { clientX: 200, pointerId: 1 });
    fireEvent.pointerUp(track, { clientX: 170, pointerId: 1 }); // 30 px: too short to count
    expect(visible()).toEqual(['สไลด์ที่ 1 จาก 2']);

    fireEvent.pointerDown(track, { clientX: 300, pointerId: 1 });
    fireEvent.pointerUp(track, { clientX: 220, pointerId: 1 }); // 80 px to the left: next
    expect(visible()).toEqual(['สไลด์ที่ 2 จาก 2']);
  });

  test('a stored banner picture is fetched at the width it is drawn (its card-sized variants); a picture from elsewhere as it is', async () => {
    const stored = `/character-images/${'c'.repeat(32)}.jpg`;
    mockApi({ 'GET /api/news': { body: [{ ...news[0]!, imageUrl: stored }, news[2]!] }, ...calendar });
    renderNews();
    const carousel = await screen.findByRole('region', { name: 'ข่าวเด่น' });
    const [first, second] = Array.from(carousel.querySelectorAll('img'));
    expect(first).toHaveAttribute('src', stored);
    expect(first!.getAttribute('srcset')).toContain(`${stored}?w=1080 1080w`);
    expect(first).toHaveAttribute('sizes', '(max-width: 480px) calc(100vw - 32px), 448px');
    expect(second).toHaveAttribute('src', 'https://cdn.example/holiday.webp');
    expect(second!.hasAttribute('srcset')).toBe(false);
  });

  test('without any news that has an image, one placeholder slide says there is no news now', async () => {
    mockApi({ 'GET /api/news': { body: news.filter((n) => !n.imageUrl) }, ...calendar });
    renderNews();
    const carousel = await screen.findByLabelText('ข่าวเด่น');
    expect(within(carousel).getByText('ยังไม่มีข่าวสารในขณะนี้')).toBeInTheDocument();
    expect(within(carousel).queryByRole('button')).toBeNull();
  });
});

describe('the latest-news list', () => {
  test('lists every item newest first with its type and the spec\'s relative time (weeks under 30 days, then dd MMM yyyy with the Buddhist year)', async () => {
    mockApi({ 'GET /api/news': { body: news }, ...calendar });
    renderNews();
    const section = await screen.findByRole('region', { name: 'ข่าวสารล่าสุด' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['เทศกาลสงกรานต์', 'ปรับปรุงระบบแชท', 'ประกาศวันหยุด', 'ข่าวเก่า']);
    expect(within(rows[0]!).getByText('5 นาทีที่แล้ว')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('กิจกรรม')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3 ชั่วโมงที่แล้ว')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('อัปเดต')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('3 สัปดาห์ที่แล้ว')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('ประกาศ')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('05 มี.ค. 2567')).toBeInTheDocument();
  });

  test('an empty list says there is no news; a failed load offers a retry', async () => {
    let fail = true;
    mockApi({ 'GET /api/news': () => (fail ? { status: 404, body: { message: 'Not found' } } : { body: [] }), ...calendar });
    const user = userEvent.setup();
    renderNews();
    const section = await screen.findByRole('region', { name: 'ข่าวสารล่าสุด' });
    expect(await within(section).findByText('โหลดข่าวสารไม่สำเร็จ')).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await within(section).findByText('ยังไม่มีข่าวสารในขณะนี้')).toBeInTheDocument();
  });
});

describe('a news item opens in full', () => {
  const WHOLE = `${LONG}\n\nรายละเอียด: เช็คอินครบ 7 วันรับเหรียญเพิ่มอีก 100 เหรียญ`;
  const full = news.map((n) => (n.id === 'n1' ? { ...n, content: WHOLE } : n));

  test('tapping an item of the latest news shows its whole content; closing goes back to the list', async () => {
    mockApi({ 'GET /api/news': { body: full }, ...calendar });
    const user = userEvent.setup();
    renderNews();
    const list = await screen.findByRole('region', { name: 'ข่าวสารล่าสุด' });
    await user.click(within(list).getByRole('button', { name: 'เทศกาลสงกรานต์' }));
    const dialog = screen.getByRole('dialog', { name: 'เทศกาลสงกรานต์' });
    expect(within(dialog).getByText((_, node) => node?.tagName === 'P' && node.textContent === WHOLE)).toBeInTheDocument();
    expect(within(dialog).getByText('กิจกรรม')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/news?news=n1');
    await user.click(within(dialog).getByRole('button', { name: 'ปิด' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/news$/);
  });

  test("a banner's title opens the same item in full, and the banner keeps its 60-character cut", async () => {
    mockApi({ 'GET /api/news': { body: full }, ...calendar });
    const user = userEvent.setup();
    renderNews();
    const carousel = await screen.findByRole('region', { name: 'ข่าวเด่น' });
    const slide = within(carousel).getAllByRole('group')[0]!;
    expect(within(slide).getByText(`${Array.from(WHOLE).slice(0, 60).join('')}...`)).toBeInTheDocument();
    await user.click(within(slide).getByRole('button', { name: 'เทศกาลสงกรานต์' }));
    expect(within(screen.getByRole('dialog', { name: 'เทศกาลสงกรานต์' })).getByText(/เช็คอินครบ 7 วันรับเหรียญเพิ่มอีก 100 เหรียญ/)).toBeInTheDocument();
  });

  test('a link to an item opens it (a reload keeps it open), and one that is gone says so', async () => {
    mockApi({ 'GET /api/news': { body: full }, ...calendar });
    const { unmount } = renderNews({}, '/news?news=n2');
    expect(await screen.findByRole('dialog', { name: 'ปรับปรุงระบบแชท' })).toHaveTextContent('แชทเร็วขึ้น');
    unmount();
    renderNews({}, '/news?news=gone');
    const missing = await screen.findByRole('dialog', { name: 'ไม่พบข่าวนี้' });
    expect(missing).toHaveTextContent('ข่าวนี้อาจถูกลบไปแล้ว');
  });
});
