import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { releaseFirstScreen, useSession, useToast } from '@lakorn/shell-sdk';
import { LoadingState, ToastViewport } from '@lakorn/ui';
import { AuthGate } from './features/auth/AuthGate';
import { BottomNav } from './features/nav/BottomNav';
import { OfflineBanner } from './features/offline/OfflineBanner';
import { lazyChunk } from './mf/chunks';
import { RemotePage } from './routing/RemotePage';

// Route-level splitting (ARCHITECTURE §9): /login loads the sign-in page alone; the profile page
// loads when a signed-in page needs it, the maintenance notice when a member has not seen it. The
// remote loader is part of the shell's start: every other page needs it at once, and a chunk of
// its own was one more round trip before the page's remote could draw (bench/README.md
// "lighthouse").
// Each is tried again and leaves a Thai reload place if it still cannot load (mf/chunks.tsx).
const LoginPage = lazyChunk(() => import(/* webpackChunkName: "login" */ './features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const ProfilePage = lazyChunk(() => import(/* webpackChunkName: "profile" */ './features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const MaintenanceNotice = lazyChunk(
  () => import(/* webpackChunkName: "maintenance" */ './features/maintenance/MaintenanceNotice').then((m) => ({ default: m.MaintenanceNotice })),
  { quiet: true },
);

/**
 * The maintenance notice for a member who has not seen it (spec §2): its code is asked for only
 * then, so a returning member's start loads and draws no chunk for a notice it will not show.
 */
function Maintenance() {
  const { profile } = useSession();
  if (!profile || profile.seenMaintenanceNotice) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceNotice />
    </Suspense>
  );
}

function ConnectedToasts() {
  const { toasts, dismiss, hold } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} onHold={hold} />;
}

export function App() {
  // The server draws only the home's first screen (README "First screen from the server"): any
  // other page (the sign-in page the gate sends an ended session to, or where the member went) shows at once.
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== '/') releaseFirstScreen();
  }, [pathname]);
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
        <Maintenance />
      </AuthGate>
      <OfflineBanner />
      <ConnectedToasts />
    </>
  );
}
