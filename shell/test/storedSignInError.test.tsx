import { screen } from '@testing-library/react';
import { SIGN_IN_KEYS } from '@lakorn/contracts/web';
import { mockApi, renderWithShell } from '@lakorn/shell-sdk/testing';
import { LoginPage } from '../src/features/auth/LoginPage';

const devConfig = { 'GET /api/auth/config': { body: { provider: 'dev', authorizeUrl: '/api/auth/dev/authorize' } } };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('the stored sign-in error (spec §2)', () => {
  it('a sign-in the provider refused stores its error, and /login shows it prefixed, once', async () => {
    mockApi(devConfig);
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    localStorage.setItem(SIGN_IN_KEYS.redirectMarker, JSON.stringify({ at: Date.now(), state: 'r.s', nonce: 'n' }));
    sessionStorage.setItem(SIGN_IN_KEYS.redirectResult, JSON.stringify({ type: 'lakorn-auth', credential: null, state: 'r.s', error: 'access_denied' }));
    const { unmount } = renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(setItem).toHaveBeenCalledWith(SIGN_IN_KEYS.storedError, 'Failed to complete Google sign in');
    expect(screen.getByRole('alert')).toHaveTextContent('ล้มเหลวในการเข้าสู่ระบบ: Failed to complete Google sign in');
    expect(localStorage.getItem(SIGN_IN_KEYS.storedError)).toBeNull();
    unmount();
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(screen.queryByRole('alert')).toBeNull();
    // The page has read its config: nothing of it lands after the test.
    await screen.findByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' });
  });
});
