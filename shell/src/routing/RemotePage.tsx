import { useLocation } from 'react-router-dom';
import { useSession } from '@lakorn/shell-sdk';
import { adminPageOf } from '@lakorn/contracts/web';
import { AdminNoAccess } from '@lakorn/ui';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { RemoteModule } from '../mf/RemoteModule';
import { remoteRouteFor } from './routes';

/** Any path the shell does not own: the remote that owns it (spec §2 route table), or not found. */
export function RemotePage() {
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
