import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig, type State } from 'swr';
import type { Profile } from '@lakorn/contracts/web';
import { ToastViewport } from '@lakorn/ui';
import { SessionProvider } from '../session';
import { swrConfig } from '../swr';
import { ToastProvider, useToast } from '../toast';
import { member } from './fixtures';

function Toasts() {
  const { toasts, dismiss, hold } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} onHold={hold} />;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** SWR's cache as a test reads and seeds it: each key's state (`_k`: the key it was made from). */
export type SwrCache = Map<string, State & { _k?: unknown }>;

export interface ShellOptions {
  /** Where the router starts. */
  path?: string;
  /** The signed-in profile; null: signed out; 'loading': the session has not answered yet. */
  profile?: Profile | null | 'loading';
  /** The SWR cache (a fresh one by default), to see what a change does to other screens' queries. */
  cache?: SwrCache;
}

/**
 * `ui` under what the shell gives every page (AppProviders' SWR rules, toasts and session, its
 * toast viewport) and a MemoryRouter at `path`, with an SWR cache of its own so no test sees
 * another's data. The current location is shown for `currentLocation()`.
 */
export function renderWithShell(ui: ReactNode, { path = '/', profile = member, cache = new Map() as SwrCache }: ShellOptions = {}) {
  const utils = render(
    <SWRConfig value={{ ...swrConfig, provider: () => cache }}>
      <ToastProvider>
        <SessionProvider initialProfile={profile === 'loading' ? undefined : profile}>
          <MemoryRouter initialEntries={[path]}>
            {ui}
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

/** The router's path and query now. */
export const currentLocation = () => screen.getByTestId('location').textContent;
