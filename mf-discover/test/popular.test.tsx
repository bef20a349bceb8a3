import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, type ApiCall } from '@lakorn/shell-sdk/testing';
import { renderAt, summary } from './support';

// The "popular now" row above the grid and the sort switch (GET /api/characters/public?sort=).

const page = (characters: ReturnType<typeof summary>[], nextCursor: string | null = null) => ({ body: { characters, nextCursor } });
const isRow = (call: ApiCall) => call.url.searchParams.get('sort') === 'popular' && call.url.searchParams.get('limit') === '10';

beforeEach(() => {
  sessionStorage.clear();
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => jest.restoreAllMocks());

describe('"popular now" row', () => {
  test('shows the popular order’s first ten, ranked, above the grid; a tap starts a chat', async () => {
    const top = summary({ name: 'ดาวรุ่ง' });
    const second = summary({ name: 'รองแชมป์' });
    const gridOnly = summary({ name: 'ในตาราง' });
    const api = mockApi({
      'GET /api/characters/public': (call) => (isRow(call) ? page([top, second]) : page([gridOnly])),
      'POST /api/chats': { status: 201, body: { id: 'chat-9' } },
    });
    renderAt('/');
    const row = await screen.findByRole('region', { name: 'ยอดนิยมตอนนี้' });
    const tiles = await within(row).findAllByRole('button');
    // Named by their content (the visible rank and name, WCAG 2.5.3), in the popular order.
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual([null, null]);
    expect(within(row).getByRole('button', { name: 'อันดับ 1 ดาวรุ่ง' })).toBe(tiles[0]);
    expect(within(row).getByRole('button', { name: 'อันดับ 2 รองแชมป์' })).toBe(tiles[1]);
    // The grid stays in the random order: its request names no sort.
    expect(await screen.findByRole('article', { name: 'ในตาราง' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/characters/public').filter((c) => !isRow(c)).every((c) => !c.url.searchParams.has('sort'))).toBe(true);
    await userEvent.click(tiles[1]!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/chat-9'));
    expect(api.callsTo('POST', '/api/chats')[0]?.body).toMatchObject({ characterId: second.id, newChat: true });
  });

  test('loading, then a failure with a retry that loads it; an empty row says so', async () => {
    let failRow = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/characters/public': async (call) => {
        if (!isRow(call)) return page([summary()]);
        await held;
        return failRow ? { status: 500, body: { message: 'boom' } } : page([]);
      },
    });
    renderAt('/');
    const row = await screen.findByRole('region', { name: 'ยอดนิยมตอนนี้' });
    expect(within(row).getByText('กำลังโหลดตัวละครยอดนิยม...')).toBeInTheDocument();
    await act(async () => release());
    expect(await within(row).findByText('โหลดตัวละครยอดนิยมไม่สำเร็จ', {}, { timeout: 8_000 })).toBeInTheDocument();
    failRow = false;
    await userEvent.click(within(row).getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await within(row).findByText('ยังไม่มีตัวละครยอดนิยม')).toBeInTheDocument();
  }, 15_000);

  test('follows the category, and steps aside while searching', async () => {
    const api = mockApi({ 'GET /api/characters/public': (call) => page([summary({ name: isRow(call) ? 'ดัง' : 'ทั่วไป' })]) });
    renderAt('/');
    await screen.findByRole('region', { name: 'ยอดนิยมตอนนี้' });
    await userEvent.click(screen.getByRole('button', { name: 'มิตรภาพ' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/characters/public').some((c) => isRow(c) && c.url.searchParams.get('genre') === 'friendship')).toBe(true));
    await userEvent.type(screen.getByRole('searchbox', { name: 'ค้นหาตัวละคร' }), 'ดาบ');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'ยอดนิยมตอนนี้' })).toBeNull());
  });
});

describe('sort switch', () => {
  test('offers random (pressed), popular, newest and most liked in Thai; a choice reorders the grid by the server and keeps it through paging', async () => {
    const api = mockApi({
      'GET /api/characters/public': (call) => {
        if (isRow(call)) return page([]);
        const sort = call.url.searchParams.get('sort') ?? 'random';
        const cursor = call.url.searchParams.get('cursor');
        return cursor ? page([summary({ name: `${sort} หน้าสอง` })]) : page([summary({ name: `${sort} หน้าแรก` })], `${sort}-next`);
      },
    });
    renderAt('/');
    const switcher = screen.getByRole('group', { name: 'เรียงตาม' });
    expect(within(switcher).getAllByRole('button').map((b) => b.textContent)).toEqual(['สุ่ม', 'ยอดนิยม', 'ใหม่ล่าสุด', 'ถูกใจมากที่สุด']);
    expect(within(switcher).getByRole('button', { name: 'สุ่ม' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('article', { name: 'random หน้าแรก' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'แนะนำสำหรับคุณ' })).toBeInTheDocument();

    await userEvent.click(within(switcher).getByRole('button', { name: 'ถูกใจมากที่สุด' }));
    expect(await screen.findByRole('article', { name: 'liked หน้าแรก' })).toBeInTheDocument();
    expect(within(switcher).getByRole('button', { name: 'ถูกใจมากที่สุด' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'ถูกใจมากที่สุด' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ดูเพิ่มเติม' }));
    expect(await screen.findByRole('article', { name: 'liked หน้าสอง' })).toBeInTheDocument();
    const paged = api.callsTo('GET', '/api/characters/public').find((c) => c.url.searchParams.get('cursor') === 'liked-next');
    expect(paged?.url.searchParams.get('sort')).toBe('liked');

    await userEvent.click(within(switcher).getByRole('button', { name: 'ใหม่ล่าสุด' }));
    expect(await screen.findByRole('article', { name: 'new หน้าแรก' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'liked หน้าสอง' })).toBeNull();
  });
});
