import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isBottomNavVisible, remoteRouteFor } from '../src/routing/routes';
import { BottomNav } from '../src/features/nav/BottomNav';
import { NotFoundPage } from '../src/features/not-found/NotFoundPage';
import { MAINTENANCE_TEXT, MaintenanceNotice } from '../src/features/maintenance/MaintenanceNotice';
import { AuthGate } from '../src/features/auth/AuthGate';
import { RemoteModule } from '../src/mf/RemoteModule';
import { CHUNK_RETRY_DELAYS_MS, RELOAD_TEXT } from '../src/mf/chunks';
import { admin, member, mockApi, owner, renderWithShell } from '@lakorn/shell-sdk/testing';

jest.mock('../src/mf/remotes', () => ({
  remoteManifests: jest.fn(async () => ({})),
  loadRemoteComponent: jest.fn(async (remote: string, module: string) => ({
    default: () => <p>remote {remote} {module}</p>,
  })),
}));
const remotes = jest.requireMock('../src/mf/remotes') as { loadRemoteComponent: jest.Mock };

afterEach(() => {
  jest.useRealTimers();
  remotes.loadRemoteComponent.mockClear();
});

describe('route table (spec §2)', () => {
  it('sends every spec path to the remote that owns it and nothing else', () => {
    expect(remoteRouteFor('/')?.remote).toBe('mf_discover');
    expect(remoteRouteFor('/create-character/4')?.remote).toBe('mf_discover');
    expect(remoteRouteFor('/edit-character/c1/9')?.remote).toBe('mf_discover');
    expect(remoteRouteFor('/chat/abc')?.remote).toBe('mf_chat');
    expect(remoteRouteFor('/payment/promptpay/small')?.remote).toBe('mf_wallet');
    expect(remoteRouteFor('/admin/promo-codes')).toMatchObject({ remote: 'mf_admin', gate: 'admin' });
    expect(remoteRouteFor('/admin/payment-settings')?.gate).toBe('owner');
    expect(remoteRouteFor('/nope')).toBeUndefined();
    expect(remoteRouteFor('/chat')).toBeUndefined();
  });

  it('hides the bottom navigation on /login, /create-character, /edit-character (its tap would leave the wizard), /chat/ and /payment/ paths', () => {
    for (const p of ['/login', '/create-character/3', '/edit-character/x', '/edit-character/x/4', '/chat/1', '/payment/promptpay/xl']) {
      expect([p, isBottomNavVisible(p)]).toEqual([p, false]);
    }
    for (const p of ['/', '/library', '/news', '/profile', '/transactions', '/admin/news']) expect(isBottomNavVisible(p)).toBe(true);
  });
});

describe('bottom navigation', () => {
  it('has the four tabs of spec §2 and marks the current one', () => {
    renderWithShell(<BottomNav />, { path: '/news' });
    const nav = screen.getByRole('navigation', { name: 'เมนูหลัก' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['แชท', '/library'], ['ค้นหา', '/'], ['ข่าวสาร', '/news'], ['โปรไฟล์', '/profile'],
    ]);
    expect(screen.getByRole('link', { name: 'ข่าวสาร' })).toHaveClass('active');
  });

  it('does not render inside a chat', () => {
    renderWithShell(<BottomNav />, { path: '/chat/1' });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('does not render in the edit wizard, as in the create wizard', () => {
    renderWithShell(<BottomNav />, { path: '/edit-character/ch1/2' });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('not-found page (spec §2)', () => {
  it('goes back to / after 5 seconds', () => {
    jest.useFakeTimers();
    renderWithShell(<NotFoundPage />, { path: '/nope' });
    expect(screen.getByText('ไม่พบหน้าที่คุณต้องการ')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(4900));
    expect(screen.getByTestId('location')).toHaveTextContent('/nope');
    act(() => void jest.advanceTimersByTime(200));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('has a button back home', async () => {
    renderWithShell(<NotFoundPage />, { path: '/nope' });
    await userEvent.click(screen.getByRole('button', { name: 'กลับหน้าหลัก' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('auth gate', () => {
  it('sends the signed-out to /login and the signed-in away from it', () => {
    const { unmount } = renderWithShell(<AuthGate><p>content</p></AuthGate>, { path: '/library', profile: null });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    unmount();
    renderWithShell(<AuthGate><p>content</p></AuthGate>, { path: '/login', profile: member });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('maintenance notice (spec §2, §4)', () => {
  it('shows when unseen, closes only through "understood", posts the acknowledgement and refreshes', async () => {
    const { calls } = mockApi({
      'POST /api/users/acknowledge-maintenance': () => ({ status: 200, body: { ...member, seenMaintenanceNotice: true } }),
      [`GET /api/users/${member.id}`]: () => ({ status: 200, body: { ...member, seenMaintenanceNotice: true } }),
    });
    renderWithShell(<MaintenanceNotice />, { profile: { ...member, seenMaintenanceNotice: false } });
    expect(screen.getByRole('dialog', { name: 'ประกาศจากทีมงาน' })).toHaveTextContent('110%');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'เข้าใจแล้ว' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
      'POST /api/users/acknowledge-maintenance', `GET /api/users/${member.id}`,
    ]));
    expect(calls[0]?.body).toEqual({ userId: member.id });
  });

  it('keeps โซเชียลมีเดีย on one line (ui ThaiText), the text unchanged', () => {
    renderWithShell(<MaintenanceNotice />, { profile: { ...member, seenMaintenanceNotice: false } });
    const word = screen.getByText('โซเชียลมีเดีย');
    expect(word.tagName).toBe('SPAN');
    expect(word).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('dialog')).toHaveTextContent(MAINTENANCE_TEXT.contact);
  });

  it('stays hidden for a profile that has seen it', () => {
    renderWithShell(<MaintenanceNotice />, { profile: member });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('admin gating (spec §6 roles)', () => {
  // The App's RemotePage decides; rendering the App itself pulls in every page.
  const { App } = jest.requireActual('../src/App') as typeof import('../src/App');

  it('shows a member the page\'s own no-access screen and never loads mf-admin', async () => {
    renderWithShell(<App />, { path: '/admin/promo-codes', profile: member });
    expect(await screen.findByText('คุณไม่มีสิทธิ์เข้าถึงพื้นที่นี้')).toBeInTheDocument();
    expect(remotes.loadRemoteComponent).not.toHaveBeenCalledWith('mf_admin', expect.anything(), expect.anything());
  });

  it('loads mf-admin for an admin, and keeps owner pages for the owner', async () => {
    renderWithShell(<App />, { path: '/admin/news', profile: owner });
    expect(await screen.findByText('remote mf_admin ./App')).toBeInTheDocument();
  });

  it('refuses owner-only pages to an admin who is not the owner', async () => {
    renderWithShell(<App />, { path: '/admin/registration-bonus', profile: admin });
    expect(await screen.findByText('เฉพาะผู้ดูแลระบบเท่านั้นที่สามารถเข้าถึงการตั้งค่านี้ได้')).toBeInTheDocument();
    expect(remotes.loadRemoteComponent).not.toHaveBeenCalled();
  });

  it('mounts the owning remote for a member page and the not-found page for an unknown path', async () => {
    const { unmount } = renderWithShell(<App />, { path: '/library', profile: member });
    expect(await screen.findByText('remote mf_chat ./App')).toBeInTheDocument();
    unmount();
    renderWithShell(<App />, { path: '/somewhere', profile: member });
    expect(await screen.findByText('ไม่พบหน้าที่คุณต้องการ')).toBeInTheDocument();
  });
});

describe("the server's first screen (README \"First screen from the server\")", () => {
  const { App } = jest.requireActual('../src/App') as typeof import('../src/App');
  const drawFirstScreen = () => {
    const drawn = document.createElement('div');
    drawn.id = 'first-screen';
    document.body.prepend(drawn);
    return drawn;
  };
  afterEach(() => document.getElementById('first-screen')?.remove());

  it("goes when a page's remote cannot be loaded, so its Thai error shows", async () => {
    drawFirstScreen();
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.useFakeTimers();
    remotes.loadRemoteComponent.mockRejectedValue(new Error('offline'));
    // A module no other test loads (RemoteModule keeps a remote's module once loaded).
    renderWithShell(<RemoteModule remote="mf_discover" module="./Unreachable" />, { path: '/', profile: member });
    // After the tries of chunks.tsx.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CHUNK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + 100);
    });
    remotes.loadRemoteComponent.mockImplementation(async (remote: string, module: string) => ({ default: () => <p>remote {remote} {module}</p> }));
    expect(screen.getByText(RELOAD_TEXT.message)).toBeInTheDocument();
    expect(document.getElementById('first-screen')).toBeNull();
    quiet.mockRestore();
  });

  it('stays over / for discover to take away, and goes as soon as another page shows', async () => {
    const drawn = drawFirstScreen();
    renderWithShell(<App />, { path: '/', profile: member });
    expect(await screen.findByText('remote mf_discover ./App')).toBeInTheDocument();
    expect(document.getElementById('first-screen')).toBe(drawn);
    await userEvent.click(screen.getByRole('link', { name: 'ข่าวสาร' }));
    expect(await screen.findByText('remote mf_news ./App')).toBeInTheDocument();
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('goes when the gate sends an ended session to /login', () => {
    drawFirstScreen();
    renderWithShell(<App />, { path: '/', profile: null });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(document.getElementById('first-screen')).toBeNull();
  });

});
