import type { ReactNode } from 'react';
import { useSession } from '@lakorn/shell-sdk';
import type { AdminPage, AdminRole } from '@lakorn/contracts/web';
import { AdminNoAccess, LoadingState } from '@lakorn/ui';
import { SHARED_TEXT } from './messages';

/**
 * Defence in depth (spec §6 roles): the shell already keeps non-admins (and non-owners on the owner
 * pages) away from mf-admin, and the services refuse their calls whatever happens here. Should
 * this remote be reached anyway, it still shows the page's own no-access screen (spec §2) and
 * never renders the admin screen or starts its requests.
 */
export function RequireRole({ role, page, children }: { role: AdminRole; page: AdminPage; children: ReactNode }) {
  const { status, profile } = useSession();
  if (status === 'loading') return <LoadingState message={SHARED_TEXT.checkingAccess} fullPage />;
  const allowed = role === 'owner' ? profile?.isOwner === true : profile?.isAdmin === true;
  if (!allowed) return <AdminNoAccess page={page} />;
  return <>{children}</>;
}
