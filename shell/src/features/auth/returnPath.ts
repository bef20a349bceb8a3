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

/** The auth gate sends a signed-out visitor to /login: remember where they were, when returnable. */
export function rememberReturnPath(path: string): void {
  const returnable = returnablePath(path);
  try {
    if (returnable) sessionStorage.setItem(RETURN_PATH_KEY, returnable);
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
  } catch {
    // nothing was stored
  }
}
