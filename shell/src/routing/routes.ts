import { matchPath } from 'react-router-dom';
import { ADMIN_PAGES, type FederationName } from '@lakorn/contracts/web';

/** Who may open an admin page (ARCHITECTURE §5, spec §6). */
export type Gate = 'member' | 'admin' | 'owner';

export interface RemoteRoute {
  pattern: string;
  remote: FederationName;
  gate: Gate;
}

/**
 * spec §2 route table: the pages the remotes own. /login, /profile and the not-found page are
 * the shell's own; any path not listed here or there is not found.
 */
export const REMOTE_ROUTES: RemoteRoute[] = [
  { pattern: '/', remote: 'mf_discover', gate: 'member' },
  { pattern: '/create-character', remote: 'mf_discover', gate: 'member' },
  { pattern: '/create-character/:step', remote: 'mf_discover', gate: 'member' },
  { pattern: '/edit-character/:id', remote: 'mf_discover', gate: 'member' },
  { pattern: '/edit-character/:id/:step', remote: 'mf_discover', gate: 'member' },
  // A shared character link (issue: share links): the character sheet; the gateway fills its meta.
  { pattern: '/c/:id', remote: 'mf_discover', gate: 'member' },
  { pattern: '/library', remote: 'mf_chat', gate: 'member' },
  { pattern: '/chat/:id', remote: 'mf_chat', gate: 'member' },
  { pattern: '/transactions', remote: 'mf_wallet', gate: 'member' },
  { pattern: '/payment/promptpay/:packageId', remote: 'mf_wallet', gate: 'member' },
  { pattern: '/news', remote: 'mf_news', gate: 'member' },
  ...ADMIN_PAGES.map(({ path, role }): RemoteRoute => ({ pattern: path, remote: 'mf_admin', gate: role })),
];

export function remoteRouteFor(pathname: string): RemoteRoute | undefined {
  return REMOTE_ROUTES.find((r) => matchPath({ path: r.pattern, end: true }, pathname));
}

/** spec §2: the bottom navigation hides on these path fragments. */
const NAV_HIDDEN_ON = ['/login', '/create-character', '/chat/', '/payment/'];

export function isBottomNavVisible(pathname: string): boolean {
  return !NAV_HIDDEN_ON.some((fragment) => pathname.includes(fragment));
}
