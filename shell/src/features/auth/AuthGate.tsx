import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@lakorn/shell-sdk';
import { LoadingState } from '@lakorn/ui';
import { AUTH_TEXT } from './messages';

/** spec §2: every route sits behind the gate; /login for the signed out, / for the signed in. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (status === 'loading') return <LoadingState fullPage message={AUTH_TEXT.checkingSession} />;
  const onLogin = pathname === '/login';
  if (status === 'signed-out' && !onLogin) return <Navigate to="/login" replace />;
  if (status === 'signed-in' && onLogin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
