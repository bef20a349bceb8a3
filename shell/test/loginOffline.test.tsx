import { act, screen, waitFor } from '@testing-library/react';
import { renderWithShell } from '@lakorn/shell-sdk/testing';
import { LoginPage } from '../src/features/auth/LoginPage';
import { AUTH_TEXT } from '../src/features/auth/messages';

describe('the sign-in page offline', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks for the sign-in settings again when the network returns, so the button does not stay disabled', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    global.fetch = jest.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ provider: 'dev', authorizeUrl: '/api/auth/dev/authorize' }), { status: 200 });
    }) as unknown as typeof fetch;
    renderWithShell(<LoginPage />, { path: '/login', profile: null });
    expect(await screen.findByText(AUTH_TEXT.generic)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /เข้าสู่ระบบ/ })).toBeDisabled();
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: AUTH_TEXT.signInDev })).toBeEnabled());
    expect(screen.queryByText(AUTH_TEXT.generic)).toBeNull();
  });
});
