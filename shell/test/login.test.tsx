import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from '../src/features/auth/LoginPage';
import { browserNavigation, REDIRECT_MARKER_KEY, REDIRECT_RESULT_KEY, readRedirectReturn, STORED_ERROR_KEY } from '../src/features/auth/signIn';
import { member, mockApi, renderWithShell } from '@lakorn/shell-sdk/testing';

const devConfig = { 'GET /api/auth/config': () => ({ status: 200, body: { provider: 'dev', authorizeUrl: '/api/auth/dev/authorize' } }) };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** The page has read /api/auth/config (its sign-in button is drawn): nothing of it lands after the test. */
const configRead = () => screen.findByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' });

describe('sign-in screen (spec §2)', () => {
  it('shows the title, Thai tagline, sign-in button and the terms and privacy links', async () => {
    mockApi(devConfig);
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(screen.getByRole('heading', { name: /Lakorn/ })).toBeInTheDocument();
    expect(screen.getByText(/คุยกับตัวละคร AI/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'ข้อกำหนดการใช้งาน' })).toHaveAttribute('href', '/terms.html');
    expect(screen.getByRole('link', { name: 'นโยบายความเป็นส่วนตัว' })).toHaveAttribute('href', '/privacy.html');
  });

  it('shows a stored auth error once, prefixed, then clears it', async () => {
    mockApi(devConfig);
    localStorage.setItem(STORED_ERROR_KEY, 'Failed to complete Google sign in');
    const { unmount } = renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(screen.getByRole('alert')).toHaveTextContent('ล้มเหลวในการเข้าสู่ระบบ: Failed to complete Google sign in');
    unmount();
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(screen.queryByRole('alert')).toBeNull();
    await configRead();
  });

  it('says the return failed when a redirect was marked over 30 seconds ago with no result', async () => {
    mockApi(devConfig);
    localStorage.setItem(REDIRECT_MARKER_KEY, JSON.stringify({ at: Date.now() - 31_000, state: 'r.x', nonce: 'n' }));
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(screen.getByRole('alert')).toHaveTextContent('การกลับมาจากหน้าเข้าสู่ระบบไม่สำเร็จ');
    expect(localStorage.getItem(REDIRECT_MARKER_KEY)).toBeNull();
    await configRead();
  });

  it("finishes a redirect sign-in on return: verifies the credential alone (its nonce is identity's, bound by the sign-in cookie) and goes home", async () => {
    const { calls } = mockApi({ ...devConfig, 'POST /api/auth/verify': () => ({ status: 200, body: member }) });
    localStorage.setItem(REDIRECT_MARKER_KEY, JSON.stringify({ at: Date.now() - 5_000, state: 'r.s1' }));
    sessionStorage.setItem(REDIRECT_RESULT_KEY, JSON.stringify({ type: 'lakorn-auth', credential: 'tok', state: 'r.s1', error: null }));
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.find((c) => c.path === '/api/auth/verify')?.body).toEqual({ credential: 'tok' });
    expect(localStorage.getItem(REDIRECT_MARKER_KEY)).toBeNull();
  });

  it('refuses a redirect result whose state is not the marked one', () => {
    localStorage.setItem(REDIRECT_MARKER_KEY, JSON.stringify({ at: Date.now(), state: 'r.mine', nonce: 'n' }));
    sessionStorage.setItem(REDIRECT_RESULT_KEY, JSON.stringify({ type: 'lakorn-auth', credential: 'tok', state: 'r.other', error: null }));
    expect(readRedirectReturn()).toEqual({ kind: 'error', message: 'state mismatch' });
  });

  it('falls back to a full-page redirect, marked with a timestamp, when the popup is blocked', async () => {
    mockApi(devConfig);
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    await userEvent.click(await screen.findByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' }));
    expect(open).toHaveBeenCalled();
    const marker = JSON.parse(localStorage.getItem(REDIRECT_MARKER_KEY) ?? '{}');
    expect(marker.state).toMatch(/^r\./);
    expect(Date.now() - marker.at).toBeLessThan(5_000);
    // Both go through identity's start, which issues the nonce for this browser (identity README "Sign-in nonces").
    expect(String(open.mock.calls[0]?.[0])).toMatch(/^\/api\/auth\/start\?state=p\.[0-9a-f]{32}&redirect_uri=http%3A%2F%2Flocalhost%2Fapi%2Fauth%2Fcallback$/);
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/^\/api\/auth\/start\?state=r\.[0-9a-f]{32}&redirect_uri=/);
    expect(screen.getByRole('button', { name: /Redirecting to sign in|กำลังพาไปยังหน้าเข้าสู่ระบบ/ })).toBeDisabled();
    open.mockRestore();
    assign.mockRestore();
  });

  it('shows the verify failure after three attempts one second apart', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { calls } = mockApi({ ...devConfig, 'POST /api/auth/verify': () => ({ status: 500, body: { message: 'down' } }) });
    localStorage.setItem(REDIRECT_MARKER_KEY, JSON.stringify({ at: Date.now(), state: 'r.s', nonce: 'n' }));
    sessionStorage.setItem(REDIRECT_RESULT_KEY, JSON.stringify({ type: 'lakorn-auth', credential: 'tok', state: 'r.s', error: null }));
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    // Inside act: the retries' answers update the page while the clock runs.
    await act(() => jest.advanceTimersByTimeAsync(2_500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify user with server. Please try again.');
    expect(calls.filter((c) => c.path === '/api/auth/verify')).toHaveLength(3);
    jest.useRealTimers();
  });
});
