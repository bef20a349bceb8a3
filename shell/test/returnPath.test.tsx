import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { member, mockApi, renderWithShell } from '@lakorn/shell-sdk/testing';
import { AuthGate } from '../src/features/auth/AuthGate';
import { LoginPage } from '../src/features/auth/LoginPage';
import { RETURN_PATH_KEY, returnablePath } from '../src/features/auth/returnPath';
import { REDIRECT_MARKER_KEY, REDIRECT_RESULT_KEY } from '../src/features/auth/signIn';
import { remoteRouteFor } from '../src/routing/routes';

// Share links: a signed-out visitor on /c/{id} signs in and comes back to it, once; spec §2's
// /login → / holds otherwise, and the stored path can never send anyone to another site.

const devConfig = { 'GET /api/auth/config': () => ({ status: 200, body: { provider: 'dev', authorizeUrl: '/api/auth/dev/authorize' } }) };

function GatedApp() {
  return (
    <AuthGate>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>page</p>} />
      </Routes>
    </AuthGate>
  );
}

/** A redirect sign-in that has come back to /login with a credential (signIn.ts readRedirectReturn). */
function redirectReturnWaiting(): void {
  localStorage.setItem(REDIRECT_MARKER_KEY, JSON.stringify({ at: Date.now() - 2_000, state: 'r.s1', nonce: 'n1' }));
  sessionStorage.setItem(REDIRECT_RESULT_KEY, JSON.stringify({ type: 'lakorn-auth', credential: 'tok', state: 'r.s1', error: null }));
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the sign-in return path', () => {
  it('sends a signed-out visitor of /c/{id} to /login, and after signing in back to /c/{id} instead of /', async () => {
    mockApi({ ...devConfig, 'POST /api/auth/verify': () => ({ status: 200, body: member }) });
    const first = renderWithShell(<GatedApp />, { path: '/c/abc123?from=line', profile: null });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/c/abc123?from=line');
    first.unmount();

    redirectReturnWaiting();
    renderWithShell(<GatedApp />, { path: '/login', profile: null });
    await waitFor(() => expect(location()).toBe('/c/abc123?from=line'));
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBeNull();
  });

  it('overrides / only once: the next sign-in lands on / as spec §2 says', async () => {
    mockApi({ ...devConfig, 'POST /api/auth/verify': () => ({ status: 200, body: member }) });
    sessionStorage.setItem(RETURN_PATH_KEY, '/c/abc123');
    redirectReturnWaiting();
    const first = renderWithShell(<GatedApp />, { path: '/login', profile: null });
    await waitFor(() => expect(location()).toBe('/c/abc123'));
    first.unmount();
    redirectReturnWaiting();
    renderWithShell(<GatedApp />, { path: '/login', profile: null });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('does not remember other pages: a signed-out visitor of /library signs in to /', async () => {
    mockApi({ ...devConfig, 'POST /api/auth/verify': () => ({ status: 200, body: member }) });
    const first = renderWithShell(<GatedApp />, { path: '/library', profile: null });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBeNull();
    first.unmount();
    redirectReturnWaiting();
    renderWithShell(<GatedApp />, { path: '/login', profile: null });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('sends a member who is already signed in from /login to the remembered link', async () => {
    mockApi(devConfig);
    sessionStorage.setItem(RETURN_PATH_KEY, '/c/xyz789');
    renderWithShell(<GatedApp />, { path: '/login', profile: member });
    await waitFor(() => expect(location()).toBe('/c/xyz789'));
  });

  it.each([
    ['//evil.example/c/x'],
    ['/\\evil.example/c/x'],
    ['https://evil.example/c/x'],
    ['javascript:alert(1)'],
    ['/library'],
    ['/c/x/../../admin/news'],
    ['/c/'],
  ])('never follows a stored %s (no open redirect, share links only): lands on /', async (stored) => {
    mockApi({ ...devConfig, 'POST /api/auth/verify': () => ({ status: 200, body: member }) });
    sessionStorage.setItem(RETURN_PATH_KEY, stored);
    redirectReturnWaiting();
    renderWithShell(<GatedApp />, { path: '/login', profile: null });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('opens a share link in mf-discover (the character sheet), behind the member gate', () => {
    expect(remoteRouteFor('/c/abc123')).toEqual({ pattern: '/c/:id', remote: 'mf_discover', gate: 'member' });
    expect(remoteRouteFor('/c/abc123/x')).toBeUndefined();
  });

  it('keeps the path and query of a share link, and nothing else', () => {
    expect(returnablePath('/c/abc?utm=line')).toBe('/c/abc?utm=line');
    expect(returnablePath('/c/abc#top')).toBe('/c/abc');
    expect(returnablePath('/c/abc/more')).toBeNull();
  });
});
