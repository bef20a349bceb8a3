import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Profile } from '@lakorn/contracts/web';
import { SessionProvider, ToastProvider, useToast } from '@lakorn/shell-sdk';

export const member: Profile = {
  id: 'u_member', uid: 'dev-member', email: 'member@example.test', username: 'มะลิ', profileUrl: '', coins: 120,
  isAdmin: false, isOwner: false, seenMaintenanceNotice: true, createdAt: '2026-11-01T00:00:00.000Z',
};
export const admin: Profile = { ...member, id: 'u_admin', email: 'admin@lakorn.local', username: 'Admin', isAdmin: true, isOwner: true };

export function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function Toasts() {
  const { toasts } = useToast();
  return <ul aria-label="toasts">{toasts.map((t) => <li key={t.id}>{t.title}</li>)}</ul>;
}

/** Renders under the real providers with a signed-in (or signed-out: null) profile. */
export function renderAt(ui: ReactElement, { path = '/', profile = member as Profile | null } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <SessionProvider initialProfile={profile}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={<>{ui}<Where /></>} />
            </Routes>
            <Toasts />
          </MemoryRouter>
        </SessionProvider>
      </ToastProvider>
    </SWRConfig>,
  );
}

/** A fetch mock answering by method and path. */
export function mockApi(routes: Record<string, (body: unknown) => { status: number; body?: unknown }>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const key = Object.keys(routes).find((k) => `${method} ${path}`.startsWith(k));
    const reply = key ? routes[key]!(body) : { status: 404, body: { message: 'Not found' } };
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body ?? {}), { status: reply.status });
  }) as typeof fetch;
  return calls;
}
