import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSessionEnded, getJson, useSession, useToast } from '@lakorn/shell-sdk';
import { currentLocation, member, mockApi, renderWithShell } from '@lakorn/shell-sdk/testing';
import { LoginPage } from '../src/features/auth/LoginPage';
import { ProfilePage } from '../src/features/profile/ProfilePage';

jest.mock('../src/mf/remotes', () => ({
  remoteManifests: jest.fn(async () => ({})),
  loadRemoteComponent: jest.fn(async (remote: string, module: string) => ({ default: () => <p>widget {remote} {module}</p> })),
}));

const ENDED = { status: 401, body: { message: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง', code: 'SESSION_ENDED' } };

beforeEach(() => {
  sessionStorage.clear();
  clearSessionEnded();
});

describe('"sign out everywhere" on the profile (service-kit README "Sessions")', () => {
  it('asks first; cancelling ends nothing', async () => {
    const { calls } = mockApi({});
    renderWithShell(<ProfilePage />, { path: '/profile', profile: member });
    await userEvent.click(screen.getByRole('button', { name: 'ออกจากระบบทุกอุปกรณ์' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('ทุกอุปกรณ์ที่เข้าสู่ระบบบัญชีนี้อยู่');
    await userEvent.click(screen.getByRole('button', { name: 'ยกเลิก' }));
    expect(calls.filter((c) => c.path === '/api/auth/logout-everywhere')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('once confirmed, ends every session on the server and lands on /login', async () => {
    const { calls } = mockApi({ 'POST /api/auth/logout-everywhere': () => ({ status: 204 }) });
    renderWithShell(<ProfilePage />, { path: '/profile', profile: member });
    await userEvent.click(screen.getByRole('button', { name: 'ออกจากระบบทุกอุปกรณ์' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'ออกจากระบบทุกอุปกรณ์') as HTMLElement);
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/auth/logout-everywhere');
  });

  it('shows a Thai error and stays when the server could not do it', async () => {
    mockApi({ 'POST /api/auth/logout-everywhere': () => ({ status: 400, body: { message: 'no' } }) });
    renderWithShell(<ProfilePage />, { path: '/profile', profile: member });
    await userEvent.click(screen.getByRole('button', { name: 'ออกจากระบบทุกอุปกรณ์' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'ออกจากระบบทุกอุปกรณ์') as HTMLElement);
    expect(await screen.findByRole('alert')).toHaveTextContent('ไม่สามารถออกจากระบบทุกอุปกรณ์ได้');
  });
});

/** A page that loads three things and toasts each failure, as the remotes' pages do. */
function Busy() {
  const { status } = useSession();
  const { toast } = useToast();
  const load = () =>
    ['/api/a', '/api/b', '/api/c'].forEach((path) => {
      getJson(path).catch(() => toast({ title: `โหลด ${path} ไม่สำเร็จ`, variant: 'destructive' }));
    });
  return (
    <>
      <p data-testid="status">{status}</p>
      <button onClick={load}>load</button>
    </>
  );
}

describe('a session that ended elsewhere', () => {
  it('signs the member out once, with no burst of error toasts, and /login then says to sign in again', async () => {
    mockApi({ 'GET /api/a': () => ENDED, 'GET /api/b': () => ENDED, 'GET /api/c': () => ENDED });
    const shell = renderWithShell(<Busy />, { path: '/', profile: member });
    await userEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signed-out'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/ไม่สำเร็จ/)).not.toBeInTheDocument();
    shell.unmount();

    mockApi({ 'GET /api/auth/config': () => ({ status: 200, body: { provider: 'dev', authorizeUrl: '/api/auth/dev/authorize' } }) });
    const login = renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(screen.getByText('เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง').closest('[role="status"]')).not.toBeNull();
    login.unmount();
    // Said once: a later visit to /login has no such message.
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(screen.queryByText('เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง')).not.toBeInTheDocument();
  });

  it('a member who simply was not signed in sees no such message', async () => {
    mockApi({ 'GET /api/auth/config': () => ({ status: 200, body: { provider: 'dev', authorizeUrl: '/api/auth/dev/authorize' } }) });
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(screen.queryByText('เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง')).not.toBeInTheDocument();
  });
});
