import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@lakorn/shell-sdk/testing';
import { preloadDiscover } from '../src/features/discover/api';
import { renderAt, summary } from './support';

const page = (characters: ReturnType<typeof summary>[], nextCursor: string | null = null) => ({ body: { characters, nextCursor } });

beforeEach(() => {
  sessionStorage.clear();
  // spec §4: the like-status check waits a random 0-1 s; 0 here.
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => jest.restoreAllMocks());

describe('discover (spec §2 "Discover / home")', () => {
  test('shows the title, the coin badge and an add button that opens the wizard', async () => {
    mockApi({ 'GET /api/characters/public': page([]) });
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'ละคร' })).toBeInTheDocument();
    expect(screen.getByTestId('coin-badge')).toHaveTextContent('1,234');
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    // The wizard's code loads on the way (its own chunk).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/create-character'));
  });

  test('shows a spinner while loading, then the empty message when nothing matches', async () => {
    let release: (value: { body: unknown }) => void = () => undefined;
    mockApi({ 'GET /api/characters/public': () => new Promise((resolve) => (release = resolve)) });
    renderAt('/');
    expect(screen.getByText('กำลังโหลดตัวละคร...')).toBeInTheDocument();
    await act(async () => release(page([])));
    expect(await screen.findByText('ไม่พบตัวละคร')).toBeInTheDocument();
  });

  test('lays out the "recommended for you" grid with the card text rule: public description, else 50 characters of personality', async () => {
    const withDescription = summary({ name: 'นางเงือก', description: 'เจ้าหญิงใต้ทะเล' });
    const withoutDescription = summary({ name: 'อัศวิน', description: '', personalityPreview: `${'ก'.repeat(50)}...` });
    mockApi({ 'GET /api/characters/public': page([withDescription, withoutDescription]) });
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'แนะนำสำหรับคุณ' })).toBeInTheDocument();
    const mermaid = await screen.findByRole('article', { name: 'นางเงือก' });
    expect(within(mermaid).getByText('เจ้าหญิงใต้ทะเล')).toBeInTheDocument();
    expect(within(mermaid).getByText('โดย นักเขียน')).toBeInTheDocument();
    const knight = screen.getByRole('article', { name: 'อัศวิน' });
    expect(within(knight).getByText(`${'ก'.repeat(50)}...`)).toBeInTheDocument();
  });

  test("a card's picture is fetched at the width the card draws it (half the page), the first row's at once and first", async () => {
    const stored = `/character-images/${'d'.repeat(32)}.jpg`;
    const cards = [0, 1, 2].map((i) => summary({ name: `ภาพ ${i}`, profileUrl: stored }));
    mockApi({ 'GET /api/characters/public': page(cards) });
    renderAt('/');
    const pictureOf = async (name: string) => (await screen.findByRole('article', { name })).querySelector('img')!;
    const first = await pictureOf('ภาพ 0');
    expect(first.getAttribute('srcset')).toBe([180, 360, 540, 1080].map((w) => `${stored}?w=${w} ${w}w`).join(', '));
    expect(first).toHaveAttribute('sizes', '(max-width: 480px) calc(50vw - 22px), 218px');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(await pictureOf('ภาพ 2')).toHaveAttribute('loading', 'lazy');
  });

  test('the opening reads started as discover loads are the ones the page shows: not asked again', async () => {
    const api = mockApi({ 'GET /api/characters/public': page([summary()]) });
    preloadDiscover();
    await waitFor(() => expect(api.callsTo('GET', '/api/characters/public')).toHaveLength(2));
    renderAt('/');
    await screen.findByRole('article');
    // The popular row has answered too (its tile is there), from the read already made.
    await screen.findByText('1');
    const asked = api.callsTo('GET', '/api/characters/public').map((c) => c.url.searchParams.get('sort') ?? 'random');
    expect(asked.sort()).toEqual(['popular', 'random']);
  });

  test('sends the category as genre and the typed search as q, with one seed for the session', async () => {
    const api = mockApi({ 'GET /api/characters/public': page([summary()]) });
    renderAt('/');
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'ผจญภัย' }));
    expect(screen.getByRole('button', { name: 'ผจญภัย' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(screen.getByRole('searchbox', { name: 'ค้นหาตัวละคร' }), 'ดาบ');
    await waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('q') === 'ดาบ')).toBe(true));
    const last = api.callsTo('GET', '/api/characters/public').at(-1);
    expect(last?.url.searchParams.get('genre')).toBe('adventure');
    await userEvent.click(screen.getByRole('button', { name: 'ล้างคำค้นหา' }));
    expect(screen.getByRole('searchbox', { name: 'ค้นหาตัวละคร' })).toHaveValue('');
    const seeds = new Set(api.callsTo('GET', '/api/characters/public').map((c) => c.url.searchParams.get('seed')));
    expect(seeds.size).toBe(1);
    expect(Number([...seeds][0])).toBeGreaterThan(0);
    // The row has the spec's five categories.
    expect(within(screen.getByRole('group', { name: 'หมวดหมู่' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['ทั้งหมด', 'โรแมนติก', 'ผจญภัย', 'ชีวิตประจำวัน', 'มิตรภาพ']);
  });

  test('loads the next page with the cursor and appends it', async () => {
    const first = summary({ name: 'หน้าแรก' });
    const second = summary({ name: 'หน้าสอง' });
    mockApi({ 'GET /api/characters/public': (call) => (call.url.searchParams.get('cursor') === 'next-1' ? page([second]) : page([first], 'next-1')) });
    renderAt('/');
    await screen.findByRole('article', { name: 'หน้าแรก' });
    await userEvent.click(screen.getByRole('button', { name: 'ดูเพิ่มเติม' }));
    expect(await screen.findByRole('article', { name: 'หน้าสอง' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'ดูเพิ่มเติม' })).toBeNull();
  });
});

describe('likes on cards (spec §4 Like)', () => {
  test('shows the liked state from the status check, disabled', async () => {
    const c = summary({ name: 'ชอบแล้ว', likes: 3 });
    const api = mockApi({ 'GET /api/characters/public': page([c]), [`GET /api/characters/${c.id}/like/google-1`]: { body: { hasLiked: true } } });
    renderAt('/');
    const like = await screen.findByRole('button', { name: 'ถูกใจแล้ว (3)' });
    expect(like).toBeDisabled();
    expect(api.callsTo('GET', `/api/characters/${c.id}/like/google-1`)).toHaveLength(1);
  });

  test('likes at once (count + 1, disabled), then keeps the count the server derived', async () => {
    const c = summary({ name: 'น่ารัก', likes: 4 });
    let answer: (value: { body: unknown }) => void = () => undefined;
    const api = mockApi({
      'GET /api/characters/public': page([c]),
      [`GET /api/characters/${c.id}/like/google-1`]: { body: { hasLiked: false } },
      [`POST /api/characters/${c.id}/like`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'ถูกใจ (4)' }));
    const liked = screen.getByRole('button', { name: 'ถูกใจแล้ว (5)' });
    expect(liked).toBeDisabled();
    await act(async () => answer({ body: { alreadyLiked: false, likes: 7 } }));
    expect(await screen.findByRole('button', { name: 'ถูกใจแล้ว (7)' })).toBeDisabled();
    expect(api.callsTo('POST', `/api/characters/${c.id}/like`)[0]?.body).toEqual({ userId: 'google-1' });
  });

  test('reverts the like when the server refuses it, with a toast', async () => {
    const c = summary({ name: 'ไม่สำเร็จ', likes: 2 });
    mockApi({
      'GET /api/characters/public': page([c]),
      [`GET /api/characters/${c.id}/like/google-1`]: { body: { hasLiked: false } },
      [`POST /api/characters/${c.id}/like`]: { status: 404, body: { message: 'Character not found' } },
    });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'ถูกใจ (2)' }));
    expect(await screen.findByRole('button', { name: 'ถูกใจ (2)' })).toBeEnabled();
    expect(await screen.findByText('ถูกใจไม่สำเร็จ')).toBeInTheDocument();
  });
});

describe('starting a chat from a card (spec §2, §7 POST /api/chats)', () => {
  test('tapping the card sends the uid, the character and newChat, then opens /chat/{id}', async () => {
    const c = summary({ name: 'เริ่มคุย' });
    const api = mockApi({ 'GET /api/characters/public': page([c]), 'POST /api/chats': { status: 201, body: { id: 'room-9' } } });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'เปิดแชทกับ เริ่มคุย' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/room-9'));
    expect(api.callsTo('POST', '/api/chats')[0]?.body).toEqual({ userId: 'google-1', characterId: c.id, newChat: true });
  });

  test('the chat icon starts a chat too', async () => {
    const c = summary({ name: 'ไอคอน' });
    mockApi({ 'GET /api/characters/public': page([c]), 'POST /api/chats': { body: { id: 'room-2' } } });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'เริ่มแชทกับ ไอคอน' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/room-2'));
  });

  test('a failure shows the spec toast and stays on discover', async () => {
    const c = summary({ name: 'พัง' });
    mockApi({ 'GET /api/characters/public': page([c]), 'POST /api/chats': { status: 400, body: { message: 'bad' } } });
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'เปิดแชทกับ พัง' }));
    expect(await screen.findByText('เกิดข้อผิดพลาด')).toBeInTheDocument();
    expect(screen.getByText('ไม่สามารถเริ่มการสนทนาได้ โปรดลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('without a signed-in user, asks to sign in first', async () => {
    const c = summary({ name: 'ยังไม่ล็อกอิน' });
    const api = mockApi({ 'GET /api/characters/public': page([c]) });
    renderAt('/', null);
    await userEvent.click(await screen.findByRole('button', { name: 'เปิดแชทกับ ยังไม่ล็อกอิน' }));
    expect(await screen.findByText('กรุณาเข้าสู่ระบบ')).toBeInTheDocument();
    expect(screen.getByText('คุณต้องเข้าสู่ระบบก่อนเริ่มแชท')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chats')).toHaveLength(0);
  });
});
