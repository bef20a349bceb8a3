import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_ENDED_MESSAGE } from '@lakorn/contracts/web';
import { member, mockApi } from '@lakorn/shell-sdk/testing';
import { SESSION_ENDED_NOTICE } from '@lakorn/shell-sdk';
import { loginNavigation, startLoginScreen } from '../src/features/auth/loginScreen';
import { AUTH_TEXT } from '../src/features/auth/messages';
import { browserNavigation, REDIRECT_MARKER_KEY, REDIRECT_RESULT_KEY, STORED_ERROR_KEY } from '../src/features/auth/signIn';

// The static sign-in page of a page load of /login (spec §2): its HTML, and the script that makes
// it work with the same rules as the React LoginPage.
const SCREEN = readFileSync(path.join(__dirname, '..', 'src', 'features', 'auth', 'loginScreen.html'), 'utf8');
const devConfig = { 'GET /api/auth/config': () => ({ status: 200, body: { provider: 'dev', authorizeUrl: '/api/auth/dev/authorize' } }) };
const signedOut = { 'GET /api/auth/session': () => ({ status: 401, body: { message: 'no session' } }) };

let home: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = `<div id="root">${SCREEN}</div>`;
  home = jest.spyOn(loginNavigation, 'home').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the static sign-in page of /login (spec §2)', () => {
  it('is drawn by the HTML alone, before any script, with the texts of messages.ts', () => {
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${AUTH_TEXT.title}${AUTH_TEXT.titleThai}`);
    expect(screen.getByText(AUTH_TEXT.tagline)).toBeInTheDocument();
    // Disabled until the provider is known, as LoginPage's button.
    expect(screen.getByRole('button', { name: AUTH_TEXT.signInGoogle })).toBeDisabled();
    expect(screen.getByRole('link', { name: AUTH_TEXT.terms })).toHaveAttribute('href', '/terms.html');
    expect(screen.getByRole('link', { name: AUTH_TEXT.privacy })).toHaveAttribute('href', '/privacy.html');
    expect(document.querySelector('.login-legal')?.textContent).toBe(`${AUTH_TEXT.agree} ${AUTH_TEXT.terms} ${AUTH_TEXT.and} ${AUTH_TEXT.privacy}`);
  });

  it("names the provider's button once the config is in, and sends nobody anywhere while signed out", async () => {
    mockApi({ ...devConfig, ...signedOut });
    await startLoginScreen(document);
    expect(screen.getByRole('button', { name: AUTH_TEXT.signInDev })).toBeEnabled();
    expect(home).not.toHaveBeenCalled();
  });

  it("asks for no session: a signed-in member's page load of /login is the app's (the gateway's choice)", async () => {
    const { calls } = mockApi({ ...devConfig, 'GET /api/auth/session': () => ({ status: 200, body: member }) });
    await startLoginScreen(document);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/config']);
    expect(home).not.toHaveBeenCalled();
  });

  it('shows a stored auth error once, prefixed, then clears it', async () => {
    mockApi({ ...devConfig, ...signedOut });
    localStorage.setItem(STORED_ERROR_KEY, 'Failed to complete Google sign in');
    await startLoginScreen(document);
    expect(screen.getByRole('alert')).toHaveTextContent('ล้มเหลวในการเข้าสู่ระบบ: Failed to complete Google sign in');
    expect(localStorage.getItem(STORED_ERROR_KEY)).toBeNull();
    document.body.innerHTML = `<div id="root">${SCREEN}</div>`;
    await startLoginScreen(document);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the return failed when a redirect was marked over 30 seconds ago with no result', async () => {
    mockApi({ ...devConfig, ...signedOut });
    localStorage.setItem(REDIRECT_MARKER_KEY, JSON.stringify({ at: Date.now() - 31_000, state: 'r.x', nonce: 'n' }));
    await startLoginScreen(document);
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.failedReturn);
    expect(localStorage.getItem(REDIRECT_MARKER_KEY)).toBeNull();
  });

  it("finishes a redirect sign-in on return: verifies the credential alone (its nonce is identity's, bound by the sign-in cookie) and goes home", async () => {
    const { calls } = mockApi({ ...devConfig, ...signedOut, 'POST /api/auth/verify': () => ({ status: 200, body: member }) });
    localStorage.setItem(REDIRECT_MARKER_KEY, JSON.stringify({ at: Date.now() - 5_000, state: 'r.s1' }));
    sessionStorage.setItem(REDIRECT_RESULT_KEY, JSON.stringify({ type: 'lakorn-auth', credential: 'tok', state: 'r.s1', error: null }));
    await startLoginScreen(document);
    expect(home).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === '/api/auth/verify')?.body).toEqual({ credential: 'tok' });
    expect(localStorage.getItem(REDIRECT_MARKER_KEY)).toBeNull();
  });

  it('says once that the session ended, as a status, when the member was sent here for it', async () => {
    mockApi({ ...devConfig, ...signedOut });
    sessionStorage.setItem(SESSION_ENDED_NOTICE, '1');
    await startLoginScreen(document);
    expect(screen.getByRole('status')).toHaveTextContent(SESSION_ENDED_MESSAGE);
    document.body.innerHTML = `<div id="root">${SCREEN}</div>`;
    await startLoginScreen(document);
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).toBeNull();
  });

  it('falls back to a full-page redirect, marked with a timestamp, when the popup is blocked', async () => {
    mockApi({ ...devConfig, ...signedOut });
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    await startLoginScreen(document);
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.signInDev }));
    expect(open).toHaveBeenCalled();
    const marker = JSON.parse(localStorage.getItem(REDIRECT_MARKER_KEY) ?? '{}') as { state: string; at: number };
    expect(marker.state).toMatch(/^r\./);
    expect(Date.now() - marker.at).toBeLessThan(5_000);
    // Both go through identity's start, which issues the nonce for this browser (identity README "Sign-in nonces").
    expect(String(open.mock.calls[0]?.[0])).toMatch(/^\/api\/auth\/start\?state=p\.[0-9a-f]{32}&redirect_uri=http%3A%2F%2Flocalhost%2Fapi%2Fauth%2Fcallback$/);
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/^\/api\/auth\/start\?state=r\.[0-9a-f]{32}&redirect_uri=/);
    await waitFor(() => expect(screen.getByRole('button', { name: /Redirecting to sign in|กำลังพาไปยังหน้าเข้าสู่ระบบ/ })).toBeDisabled());
  });

  it('shows the generic error when the sign-in config cannot be read', async () => {
    mockApi({ ...signedOut, 'GET /api/auth/config': () => ({ status: 400, body: { message: 'bad' } }) });
    await startLoginScreen(document);
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_TEXT.generic);
    expect(screen.getByRole('button', { name: AUTH_TEXT.signInGoogle })).toBeDisabled();
  });
});

describe('the static sign-in page offline', () => {
  it('asks for the sign-in settings again when the network returns, so the button does not stay disabled', async () => {
    let online = false;
    global.fetch = jest.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ provider: 'dev', authorizeUrl: '/api/auth/dev/authorize' }), { status: 200 });
    }) as unknown as typeof fetch;
    await startLoginScreen(document);
    expect(screen.getByText(AUTH_TEXT.generic)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: AUTH_TEXT.signInGoogle })).toBeDisabled();
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByRole('button', { name: AUTH_TEXT.signInDev })).toBeEnabled());
    expect(screen.queryByText(AUTH_TEXT.generic)).toBeNull();
  });
});
