import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { CalendarDay, CalendarResponse, Profile } from '@lakorn/contracts/web';
import { daysInMonth, dayOfWeekOf, DAILY_COIN_DEFAULTS, isoDateOf } from '@lakorn/contracts/web';
import { SessionProvider, swrConfig, ToastProvider, useToast } from '@lakorn/shell-sdk';
import { ToastViewport } from '@lakorn/ui';
import App from '../src/App';

export const profile: Profile = {
  id: 'p1',
  uid: 'google-1',
  email: 'malee@example.test',
  username: 'มะลิ',
  profileUrl: '',
  coins: 100,
  isAdmin: false,
  isOwner: false,
  seenMaintenanceNotice: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

type Reply = { status?: number; body?: unknown } | ((init: RequestInit | undefined, url: URL) => { status?: number; body?: unknown });

/**
 * A fake API behind global.fetch: `routes` maps 'METHOD /path' (query ignored) to a reply or a
 * function of the request. Every call is recorded; an unknown route answers 404.
 */
export function mockApi(routes: Record<string, Reply>) {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://lakorn.test');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const reply = typeof route === 'function' ? route(init, url) : route;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), { status });
  }) as unknown as typeof fetch;
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

/** A month as the service answers it, with the given days checked in and special. */
export function calendarOf(
  year: number,
  month: number,
  today: string,
  options: { checked?: Record<string, number>; special?: Record<string, number> } = {},
): CalendarResponse {
  const day = (date: string): CalendarDay => {
    const checked = options.checked?.[date];
    const special = options.special?.[date];
    return {
      date,
      dayNumber: Number(date.slice(8)),
      coins: checked ?? special ?? DAILY_COIN_DEFAULTS[dayOfWeekOf(date)] ?? 20,
      checkedIn: checked !== undefined,
      special: special !== undefined,
    };
  };
  const calendar = Array.from({ length: daysInMonth(year, month) }, (_, i) => day(isoDateOf(year, month, i + 1)));
  return { year, month, calendar, lastCheckIn: null, today: day(today) };
}

function Toasts() {
  const { toasts, dismiss } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} />;
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The remote under the providers the shell gives it, at /news, with a fresh SWR cache. */
export function renderNews(user: Partial<Profile> = {}) {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <ToastProvider>
        <SessionProvider initialProfile={{ ...profile, ...user }}>
          <MemoryRouter initialEntries={['/news']}>
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
