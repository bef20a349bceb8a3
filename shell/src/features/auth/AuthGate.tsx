import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@lakorn/shell-sdk';
import { LoadingState } from '@lakorn/ui';
import { AUTH_TEXT } from './messages';
import { forgetReturnPath, rememberReturnPath, returnPathAfterSignIn } from './returnPath';

/** A signed-out visitor goes to /login; a shared character link is remembered for afterwards. */
function SendToLogin({ from }: { from: string }) {
  useEffect(() => rememberReturnPath(from), [from]);
  return <Navigate to="/login" replace />;
}

/**
 * spec §2: every route sits behind the gate; /login for the signed out, / for the signed in (or,
 * once, the shared character link they came from: returnPath.ts).
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { pathname, search } = useLocation();
  const onLogin = pathname === '/login';
  const arrived = status === 'signed-in' && !onLogin;
  useEffect(() => {
    if (arrived) forgetReturnPath();
  }, [arrived]);
  if (status === 'loading') return <LoadingState fullPage message={AUTH_TEXT.checkingSession} />;
  if (status === 'signed-out' && !onLogin) return <SendToLogin from={`${pathname}${search}`} />;
  if (status === 'signed-in' && onLogin) return <Navigate to={returnPathAfterSignIn()} replace />;
  return <>{children}</>;
}
