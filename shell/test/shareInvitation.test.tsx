import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockApi, renderWithShell } from '@lakorn/shell-sdk/testing';
import { AuthGate } from '../src/features/auth/AuthGate';
import { LoginPage } from '../src/features/auth/LoginPage';
import { AUTH_TEXT } from '../src/features/auth/messages';

// A share link opened signed out (gateway README "Share pages"): the page's head names the
// character, and /login, where the gate sends the visitor, says whose chat the link invites to.

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

/** The head the gateway's share page draws for one character (sharePage.ts shareHead). */
function sharePageHead(id: string, name: string) {
  const tags = { 'og:title': name, 'og:image': `https://lakorn.test/uploads/${id}.png`, 'og:url': `https://lakorn.test/c/${id}` };
  for (const [property, content] of Object.entries(tags)) {
    const meta = document.createElement('meta');
    meta.setAttribute('property', property);
    meta.setAttribute('content', content);
    document.head.append(meta);
  }
}

beforeEach(() => {
  sessionStorage.clear();
  document.head.querySelectorAll('meta[property]').forEach((m) => m.remove());
});

describe('a share link opened signed out', () => {
  it('leads to a sign-in page that names the character the link invites to chat with', async () => {
    mockApi(devConfig);
    sharePageHead('abc123', 'นักเดินป่า');
    renderWithShell(<GatedApp />, { path: '/c/abc123', profile: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    const invitation = await screen.findByTestId('share-invitation');
    expect(invitation).toHaveTextContent(AUTH_TEXT.invitedTo);
    expect(invitation).toHaveTextContent('นักเดินป่า');
    expect(invitation.querySelector('img')).toHaveAttribute('src', 'https://lakorn.test/uploads/abc123.png');
    expect(await screen.findByRole('button', { name: AUTH_TEXT.signInDev })).toBeEnabled();
  });

  it("names no one when the page's head is about another character", async () => {
    mockApi(devConfig);
    sharePageHead('other', 'คนอื่น');
    renderWithShell(<GatedApp />, { path: '/c/abc123', profile: null });
    await screen.findByRole('button', { name: AUTH_TEXT.signInDev });
    expect(screen.queryByTestId('share-invitation')).toBeNull();
    expect(screen.queryByText(/คนอื่น/)).toBeNull();
  });

  it('names no one on a plain visit to /login', async () => {
    mockApi(devConfig);
    renderWithShell(<GatedApp />, { path: '/library', profile: null });
    await screen.findByRole('button', { name: AUTH_TEXT.signInDev });
    expect(screen.queryByTestId('share-invitation')).toBeNull();
  });
});
