import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useToast } from '@lakorn/shell-sdk';
import { LoadingState, ToastViewport } from '@lakorn/ui';
import { AuthGate } from './features/auth/AuthGate';
import { BottomNav } from './features/nav/BottomNav';

// Route-level splitting (ARCHITECTURE §9): /login loads the sign-in page alone; the profile page,
// the remote loader and the maintenance notice load when a signed-in page needs them.
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ './features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ './features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const RemotePage = lazy(() => import(/* webpackChunkName: "remote-page" */ './routing/RemotePage').then((m) => ({ default: m.RemotePage })));
const MaintenanceNotice = lazy(() =>
  import(/* webpackChunkName: "maintenance" */ './features/maintenance/MaintenanceNotice').then((m) => ({ default: m.MaintenanceNotice })),
);

function ConnectedToasts() {
  const { toasts, dismiss, hold } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} onHold={hold} />;
}

export function App() {
  return (
    <>
      <AuthGate>
        <Suspense fallback={<LoadingState />}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="*" element={<RemotePage />} />
          </Routes>
        </Suspense>
        <BottomNav />
        <Suspense fallback={null}>
          <MaintenanceNotice />
        </Suspense>
      </AuthGate>
      <ConnectedToasts />
    </>
  );
}
