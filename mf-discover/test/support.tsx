import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { CharacterSummary, Profile } from '@lakorn/contracts/web';
import { SessionProvider, swrConfig, ToastProvider, useToast } from '@lakorn/shell-sdk';
import { ToastViewport } from '@lakorn/ui';
import App from '../src/App';

export const profile: Profile = {
  id: 'p1',
  uid: 'google-1',
  email: 'malee@example.test',
  username: 'มะลิ',
  profileUrl: '',
  coins: 1234,
  isAdmin: false,
  isOwner: false,
  seenMaintenanceNotice: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

interface Answer {
  status?: number;
  body?: unknown;
  /** Bytes answered as they are (binary downloads). */
  raw?: BodyInit;
}
export type Reply = Answer | ((request: RecordedCall) => Answer | Promise<Answer>);

export interface RecordedCall {
  method: string;
  url: URL;
  /** A JSON body parsed, a FormData as it was sent. */
  body: unknown;
}

/**
 * A fake API behind global.fetch: `routes` maps 'METHOD /path' (query ignored) to a reply or a
 * function of the request. Every call is recorded; an unknown route answers 404.
 */
export function mockApi(routes: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://lakorn.test');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const call: RecordedCall = { method, url, body: raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const reply = typeof route === 'function' ? await route(call) : route;
    const status = reply.status ?? 200;
    if (reply.raw !== undefined) return new Response(reply.raw, { status });
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), { status });
  }) as unknown as typeof fetch;
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

let counter = 0;
export function summary(overrides: Partial<CharacterSummary> = {}): CharacterSummary {
  counter += 1;
  return {
    id: `c${counter}`,
    userId: 'creator',
    name: `ตัวละคร ${counter}`,
    age: '',
    gender: 'female',
    genre: 'romantic',
    isPublic: true,
    isSpicy: false,
    description: `คำอธิบาย ${counter}`,
    personalityPreview: 'ใจดี',
    profileUrl: '',
    likes: 0,
    creatorUsername: 'นักเขียน',
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function Toasts() {
  const { toasts, dismiss } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} />;
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The remote under the providers the shell gives it, at `path`, with a fresh SWR cache. */
export function renderAt(path: string, user: Partial<Profile> | null = {}) {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <ToastProvider>
        <SessionProvider initialProfile={user === null ? null : { ...profile, ...user }}>
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
}
