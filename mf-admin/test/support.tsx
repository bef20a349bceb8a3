import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Profile } from '@lakorn/contracts/web';
import { SessionProvider, swrConfig, ToastProvider, useToast } from '@lakorn/shell-sdk';
import { ToastViewport } from '@lakorn/ui';
import App from '../src/App';

/** admin@lakorn.local's profile: admin and owner (ARCHITECTURE §5). */
export const owner: Profile = {
  id: 'p-owner',
  uid: 'dev-owner',
  email: 'admin@lakorn.local',
  username: 'แอดมิน',
  profileUrl: '',
  coins: 0,
  isAdmin: true,
  isOwner: true,
  seenMaintenanceNotice: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
export const admin: Profile = { ...owner, id: 'p-admin', uid: 'dev-admin', email: 'moderator@lakorn.local', isOwner: false };
export const member: Profile = { ...owner, id: 'p-member', uid: 'dev-member', email: 'malee@example.test', isAdmin: false, isOwner: false };

export interface Call {
  method: string;
  url: URL;
  /** The parsed JSON body, or the FormData of a multipart upload. */
  body: unknown;
}

type Answer = { status?: number; body?: unknown };
type Reply = Answer | ((call: Call) => Answer | Promise<Answer>);

/**
 * A fake API behind global.fetch: `routes` maps 'METHOD /path' (query ignored) to a reply or a
 * function of the call (which may wait). Every call is recorded; an unknown route answers 404.
 */
export function mockApi(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://lakorn.test');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const call: Call = { method, url, body: raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const reply = typeof route === 'function' ? await route(call) : route;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), { status });
  }) as unknown as typeof fetch;
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

/** A promise and the function that settles it, to hold a fake server's answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Toasts() {
  const { toasts, dismiss } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} />;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * The remote at `path` under the providers the shell gives it, with a fresh SWR cache (also
 * returned, to see what a change does to other screens' queries). `user` null: the session is
 * still loading.
 */
export function renderAdmin(path: string, user: Profile | null = owner, cache = new Map()) {
  const utils = render(
    <SWRConfig value={{ ...swrConfig, provider: () => cache }}>
      <ToastProvider>
        <SessionProvider initialProfile={user ?? undefined}>
          <MemoryRouter initialEntries={[path]}>
            <App />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
          <Toasts />
        </SessionProvider>
      </ToastProvider>
    </SWRConfig>,
  );
  return { ...utils, cache };
}
