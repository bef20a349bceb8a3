import { Route, Routes, useLocation } from 'react-router-dom';
import { useSession, useToast } from '@lakorn/shell-sdk';
import { AdminNoAccess, adminPageOf, ToastViewport } from '@lakorn/ui';
import { AuthGate } from './features/auth/AuthGate';
import { LoginPage } from './features/auth/LoginPage';
import { MaintenanceNotice } from './features/maintenance/MaintenanceNotice';
import { BottomNav } from './features/nav/BottomNav';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { RemoteModule } from './mf/RemoteModule';
import { remoteRouteFor } from './routing/routes';

/** Any path the shell does not own: the remote that owns it (spec §2 route table), or not found. */
function RemotePage() {
  const { pathname } = useLocation();
  const { profile } = useSession();
  const route = remoteRouteFor(pathname);
  if (!route) return <NotFoundPage />;
  // Admin pages are gated here, so mf-admin never loads for someone who may not use it.
  if ((route.gate === 'admin' && !profile?.isAdmin) || (route.gate === 'owner' && !profile?.isOwner)) {
    const page = adminPageOf(route.pattern);
    return page ? <AdminNoAccess page={page} /> : <NotFoundPage />;
  }
  return <RemoteModule remote={route.remote} module="./App" />;
}

function ConnectedToasts() {
  const { toasts, dismiss } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} />;
}

export function App() {
  return (
    <>
      <AuthGate>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="*" element={<RemotePage />} />
        </Routes>
        <BottomNav />
        <MaintenanceNotice />
      </AuthGate>
      <ConnectedToasts />
    </>
  );
}
