import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SessionProvider } from './session';
import { swrConfig } from './swr';
import { ToastProvider } from './toast';

/**
 * The providers every app runs under: SWR with the spec's rules, toasts and the session. The
 * shell renders it once; a remote's standalone harness (bootstrap.tsx) renders it too.
 */
export function AppProviders({ children, firstSession }: { children: ReactNode; firstSession?: () => Promise<Response | null> }) {
  return (
    <SWRConfig value={swrConfig}>
      <ToastProvider>
        <SessionProvider firstSession={firstSession}>{children}</SessionProvider>
      </ToastProvider>
    </SWRConfig>
  );
}
