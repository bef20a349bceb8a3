// spec §2 route table: the remotes' pages are named once, in contracts (the gateway reads them too).
export { REMOTE_ROUTES, remoteRouteFor, type Gate, type RemoteRoute } from '@lakorn/contracts/web';

/**
 * spec §2: the bottom navigation hides on these path fragments; also in the edit wizard, as in the
 * create one (mf-discover README "Drafts": a tab's tap would leave it).
 */
const NAV_HIDDEN_ON = ['/login', '/create-character', '/edit-character', '/chat/', '/payment/'];

export function isBottomNavVisible(pathname: string): boolean {
  return !NAV_HIDDEN_ON.some((fragment) => pathname.includes(fragment));
}
