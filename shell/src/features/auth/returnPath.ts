// Sign-in return (gateway README "Share pages"): a signed-out visitor who opens a shared character
// link (/c/{id}) is sent to /login (spec §2 auth gate) and, once signed in, back to that link
// instead of spec §2's / (once). Kept in sessionStorage, so a redirect sign-in in the same tab
// finds it.

export const RETURN_PATH_KEY = 'lakorn.auth.returnPath';

/**
 * Paths a visitor is brought back to after signing in: the share links only (/c/:id in
 * routing/routes.ts). A pattern, not react-router's matchPath: the static sign-in page
 * (loginScreen.ts) uses this file and carries no router.
 */
const RETURNABLE = [/^\/c\/[^/]+\/?$/];

/**
 * `path` as a same-origin path of a returnable page, else null: never another site ('//host',
 * '/\host', 'https://…'), never a page outside the list (no open redirect through the key).
 */
export function returnablePath(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(path, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (!RETURNABLE.some((pattern) => pattern.test(url.pathname))) return null;
  return `${url.pathname}${url.search}`;
}

export const INVITATION_KEY = 'lakorn.auth.invitation';

/** Whose chat a share link invites to: what /login says to a visitor who came from one. */
export interface Invitation {
  path: string;
  name: string;
  imageUrl: string;
}

/**
 * The character the page's head names (the gateway's share page fills og:title, og:image and
 * og:url, gateway README "Share pages"), when that head is about `path`'s character.
 */
function invitationOfPage(path: string): Invitation | null {
  const meta = (property: string) => document.querySelector(`meta[property="${property}"]`)?.getAttribute('content')?.trim() ?? '';
  const name = meta('og:title');
  if (!name) return null;
  try {
    if (new URL(meta('og:url')).pathname !== new URL(path, window.location.origin).pathname) return null;
  } catch {
    return null;
  }
  return { path, name, imageUrl: meta('og:image') };
}

/** The invitation of the remembered share link, if the page named its character. */
export function sharedInvitation(): Invitation | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(INVITATION_KEY) ?? 'null') as Invitation | null;
    return stored && typeof stored.name === 'string' && stored.path === returnPathAfterSignIn() ? stored : null;
  } catch {
    return null;
  }
}

/** The auth gate sends a signed-out visitor to /login: remember where they were, when returnable. */
export function rememberReturnPath(path: string): void {
  const returnable = returnablePath(path);
  try {
    if (!returnable) return;
    sessionStorage.setItem(RETURN_PATH_KEY, returnable);
    const invitation = invitationOfPage(returnable);
    if (invitation) sessionStorage.setItem(INVITATION_KEY, JSON.stringify(invitation));
    else sessionStorage.removeItem(INVITATION_KEY);
  } catch {
    // Storage refused (private mode): the visitor lands on / as spec §2 says.
  }
}

/**
 * Where a member goes after signing in: the remembered path, else spec §2's /. Read without
 * taking it (the sign-in page and the gate may both ask); forgetReturnPath once they are there.
 */
export function returnPathAfterSignIn(): string {
  try {
    const stored = sessionStorage.getItem(RETURN_PATH_KEY);
    return (stored !== null && returnablePath(stored)) || '/';
  } catch {
    return '/';
  }
}

/** A signed-in member has arrived somewhere: the remembered path served its one use. */
export function forgetReturnPath(): void {
  try {
    sessionStorage.removeItem(RETURN_PATH_KEY);
    sessionStorage.removeItem(INVITATION_KEY);
  } catch {
    // nothing was stored
  }
}
