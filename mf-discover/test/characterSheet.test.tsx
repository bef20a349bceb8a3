import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, character as houseCharacter, deferred, fixtureOf, mockApi } from '@lakorn/shell-sdk/testing';
import { profile, renderAt, summary } from './support';

// /c/{id}: the character sheet a shared link opens (gateway README "Share pages").

const character = fixtureOf(
  houseCharacter({
    id: 'c77',
    userId: 'creator',
    name: 'ต้นกล้า',
    age: '19',
    gender: 'male',
    genre: 'adventure',
    personality: 'ร่าเริง ชอบเดินป่า',
    firstMessage: 'สวัสดีครับ',
    description: 'นักเดินป่าผู้ร่าเริงจากเชียงใหม่',
    likes: 12,
    creatorUsername: 'นักเขียน',
  }),
);

beforeEach(() => {
  sessionStorage.clear();
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => jest.restoreAllMocks());

describe('the character sheet /c/{id}', () => {
  test('shows a loading state, then the image, name, genre, creator, description, likes and start chat, and creates no chat by itself', async () => {
    const answer = deferred<{ body: unknown }>();
    const api = mockApi({
      'GET /api/characters/c77': () => answer.promise,
      'GET /api/characters/c77/like': { body: { hasLiked: false } },
    });
    renderAt('/c/c77');
    expect(await screen.findByText('กำลังโหลดตัวละคร...')).toBeInTheDocument();
    await act(async () => answer.resolve({ body: character({ profileUrl: '/character-images/0123456789abcdef01234567.png' }) }));
    expect(await screen.findByRole('heading', { level: 2, name: 'ต้นกล้า' })).toBeInTheDocument();
    expect(screen.getByText('ผจญภัย')).toBeInTheDocument();
    expect(screen.getByText('โดย นักเขียน')).toBeInTheDocument();
    expect(screen.getByText('นักเดินป่าผู้ร่าเริงจากเชียงใหม่')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ถูกใจ (12)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เริ่มแชท' })).toBeEnabled();
    expect(document.querySelector('img')).toHaveAttribute('src', '/character-images/0123456789abcdef01234567.png');
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  test('starts a chat only when "start chat" is tapped, then opens /chat/{id}', async () => {
    const api = mockApi({
      'GET /api/characters/c77': { body: character() },
      'POST /api/chats': { body: { id: 'chat9' } },
    });
    renderAt('/c/c77');
    await userEvent.click(await screen.findByRole('button', { name: 'เริ่มแชท' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/chat9'));
    expect(api.callsTo('POST', '/api/chats').map((c) => c.body)).toEqual([{ userId: profile.uid, characterId: 'c77', newChat: true }]);
  });

  test('likes the character: liked at once with the count up, the server’s count after', async () => {
    mockApi({
      'GET /api/characters/c77': { body: character() },
      'POST /api/characters/c77/like': { body: { alreadyLiked: false, likes: 13 } },
    });
    renderAt('/c/c77');
    await userEvent.click(await screen.findByRole('button', { name: 'ถูกใจ (12)' }));
    expect(await screen.findByRole('button', { name: 'ถูกใจแล้ว (13)' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('shares through the phone’s share sheet with the /c/{id} link when there is one', async () => {
    mockApi({ 'GET /api/characters/c77': { body: character() } });
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderAt('/c/c77');
      await userEvent.click(await screen.findByRole('button', { name: 'แชร์' }));
      expect(share).toHaveBeenCalledWith({ title: 'ต้นกล้า · ละคร', text: 'มาคุยกับ ต้นกล้า บนละครกัน', url: `${window.location.origin}/c/c77` });
      expect(screen.queryByText('คัดลอกลิงก์แล้ว')).toBeNull();
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  test('copies the link with a Thai toast where the browser cannot share, and says so when copying fails', async () => {
    mockApi({ 'GET /api/characters/c77': { body: character() } });
    const writeText = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/c/c77');
    await userEvent.click(await screen.findByRole('button', { name: 'แชร์' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/c/c77`);
    expect(await screen.findByText('คัดลอกลิงก์แล้ว')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'แชร์' }));
    expect(await screen.findByText('คัดลอกลิงก์ไม่สำเร็จ')).toBeInTheDocument();
  });

  test('offers no share for a private character (its link would show nothing), and tells its owner why', async () => {
    mockApi({ 'GET /api/characters/c77': { body: character({ isPublic: false, description: '', userId: profile.id }) } });
    renderAt('/c/c77');
    expect(await screen.findByText('ตัวละครนี้เป็นแบบส่วนตัว จึงแชร์ลิงก์ไม่ได้')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'แชร์' })).toBeNull();
    // The owner's page: an edit button to the wizard.
    await userEvent.click(screen.getByRole('button', { name: 'แก้ไขตัวละคร' }));
    // The wizard loads on first use; the route changes once it has (a router transition).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/edit-character/c77'));
  });

  test("embeds the character's stats for its owner and for admins, and asks for none for other members", async () => {
    const stats = { 'GET /api/characters/c77/stats': { status: 403, body: { message: 'Forbidden' } } };
    const asOwner = mockApi({ 'GET /api/characters/c77': { body: character({ userId: profile.id }) }, ...stats });
    const owner = renderAt('/c/c77');
    expect(await screen.findByRole('region', { name: 'สถิติตัวละคร' })).toBeInTheDocument();
    await waitFor(() => expect(asOwner.callsTo('GET', '/api/characters/c77/stats').length).toBeGreaterThan(0));
    owner.unmount();

    mockApi({ 'GET /api/characters/c77': { body: character() }, ...stats });
    const asAdmin = renderAt('/c/c77', admin);
    expect(await screen.findByRole('region', { name: 'สถิติตัวละคร' })).toBeInTheDocument();
    asAdmin.unmount();

    const asMember = mockApi({ 'GET /api/characters/c77': { body: character() }, ...stats });
    renderAt('/c/c77');
    await screen.findByRole('heading', { level: 2, name: 'ต้นกล้า' });
    expect(screen.queryByRole('region', { name: 'สถิติตัวละคร' })).toBeNull();
    expect(asMember.callsTo('GET', '/api/characters/c77/stats')).toEqual([]);
  });

  test('shows its owner that the character is hidden, with the reason', async () => {
    mockApi({ 'GET /api/characters/c77': { body: character({ userId: profile.id, hidden: true, hiddenReason: 'spam' }) } });
    renderAt('/c/c77');
    expect(await screen.findByText('ตัวละครนี้ถูกซ่อน สมาชิกคนอื่นจะไม่เห็น (สแปมหรือโฆษณา)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'แชร์' })).toBeNull();
  });

  test('shows the Thai not-found state, naming nothing, for a character the member may not see', async () => {
    mockApi({ 'GET /api/characters/gone': { status: 404, body: { message: 'Character not found', code: 'NOT_FOUND' } } });
    renderAt('/c/gone');
    expect(await screen.findByText('ไม่พบตัวละครนี้')).toBeInTheDocument();
    expect(screen.getByText('ตัวละครอาจถูกลบ ถูกซ่อน หรือเป็นตัวละครส่วนตัว')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'เริ่มแชท' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'กลับหน้าแรก' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('goes home from the back button when the sheet was opened from a link', async () => {
    mockApi({ 'GET /api/characters/c77': { body: character() }, 'GET /api/characters/public': { body: { characters: [], nextCursor: null } } });
    renderAt('/c/c77');
    await screen.findByRole('heading', { level: 2, name: 'ต้นกล้า' });
    await userEvent.click(screen.getByRole('button', { name: 'ย้อนกลับ' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test("opens from a discover card's options ('ดูรายละเอียด') without starting a chat; tapping the card still starts one", async () => {
    const card = summary({ id: 'c77', name: 'ต้นกล้า' });
    const api = mockApi({
      'GET /api/characters/public': { body: { characters: [card], nextCursor: null } },
      'GET /api/characters/c77': { body: character() },
    });
    renderAt('/');
    const article = await screen.findByRole('article', { name: 'ต้นกล้า' });
    await userEvent.click(within(article).getByRole('button', { name: 'ตัวเลือกของ ต้นกล้า' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'ดูรายละเอียด' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/c/c77');
    expect(await screen.findByRole('heading', { level: 2, name: 'ต้นกล้า' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chats')).toEqual([]);
  });
});
