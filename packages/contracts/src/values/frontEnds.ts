// The front ends' lists, zod-free (they reach every bundle through ../web.ts): the remotes, the
// admin pages and the sign-in hand-off's storage keys, named once for the shell, the remotes, the
// gateway and identity's callback page.

/** ARCHITECTURE §1, §9: the five Module Federation remotes, by folder (and package) name. */
export const REMOTE_NAMES = ['mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Underscored<B>}` : S;
/** A remote's federation name, the key of /remotes.json: a JS identifier (`mf-chat` → `mf_chat`). */
export type FederationName = Underscored<RemoteName>;

export function federationName(remote: RemoteName): FederationName {
  return remote.replace(/-/g, '_') as FederationName;
}

/** spec §6 roles: who may open an admin page; the payment switch and the bonus are the owner's (ARCHITECTURE §5). */
export type AdminRole = 'admin' | 'owner';

/** spec §2 route table: the admin pages mf-admin owns, their paths and who may open them. */
export const ADMIN_PAGES = [
  { page: 'news', path: '/admin/news', role: 'admin' },
  { page: 'daily-coin-settings', path: '/admin/daily-coin-settings', role: 'admin' },
  { page: 'payment-settings', path: '/admin/payment-settings', role: 'owner' },
  { page: 'promo-codes', path: '/admin/promo-codes', role: 'admin' },
  { page: 'registration-bonus', path: '/admin/registration-bonus', role: 'owner' },
  // Reports, hidden characters and 18+ (catalog README "Moderation and the age gate"): any admin
  // moderates.
  { page: 'moderation', path: '/admin/moderation', role: 'admin' },
] as const satisfies ReadonlyArray<{ page: string; path: `/admin/${string}`; role: AdminRole }>;
export type AdminPage = (typeof ADMIN_PAGES)[number]['page'];

/** The admin page a path names (`/admin/promo-codes` → promo-codes), if any. */
export function adminPageOf(pathname: string): AdminPage | undefined {
  const path = pathname.replace(/\/$/, '');
  return ADMIN_PAGES.find((p) => p.path === path)?.page;
}

/** Who may open a remote's page (ARCHITECTURE §5, spec §6). */
export type Gate = 'member' | AdminRole;

export interface RemoteRoute {
  pattern: string;
  remote: FederationName;
  gate: Gate;
}

/**
 * spec §2 route table: the pages the remotes own. /login, /profile and the not-found page are
 * the shell's own; any path not listed here or there is not found. Read by the shell (which
 * remote draws a page) and the gateway (which remote's files a page load may fetch at once).
 */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { pattern: '/', remote: 'mf_discover', gate: 'member' },
  { pattern: '/create-character', remote: 'mf_discover', gate: 'member' },
  { pattern: '/create-character/:step', remote: 'mf_discover', gate: 'member' },
  { pattern: '/edit-character/:id', remote: 'mf_discover', gate: 'member' },
  { pattern: '/edit-character/:id/:step', remote: 'mf_discover', gate: 'member' },
  // A shared character link: the character sheet; the gateway fills its meta.
  { pattern: '/c/:id', remote: 'mf_discover', gate: 'member' },
  { pattern: '/library', remote: 'mf_chat', gate: 'member' },
  { pattern: '/chat/:id', remote: 'mf_chat', gate: 'member' },
  { pattern: '/transactions', remote: 'mf_wallet', gate: 'member' },
  { pattern: '/payment/promptpay/:packageId', remote: 'mf_wallet', gate: 'member' },
  { pattern: '/news', remote: 'mf_news', gate: 'member' },
  ...ADMIN_PAGES.map(({ path, role }): RemoteRoute => ({ pattern: path, remote: 'mf_admin', gate: role })),
];

/**
 * Whether a path is a pattern's page: the same segments, a `:name` segment standing for any one
 * non-empty segment, letters in any case, a trailing slash allowed (react-router's matchPath with
 * `end: true`, which the shell's routes used before).
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const split = (p: string) => p.replace(/\/+$/, '').split('/').slice(1);
  const want = split(pattern);
  const have = split(pathname);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (have[i] ?? '') !== '' : segment.toLowerCase() === have[i]?.toLowerCase()));
}

/** The remote route a path is, if any. */
export function remoteRouteFor(pathname: string): RemoteRoute | undefined {
  return REMOTE_ROUTES.find((r) => matchesRoute(r.pattern, pathname));
}

/**
 * spec §4 Auth: where the sign-in hand-off leaves its notes. Identity's callback page writes the
 * provider's answer (a popup's to localStorage, a redirect's to sessionStorage); the shell reads
 * them, keeps its redirect marker, and stores a failed sign-in's error for /login (spec §2).
 */
export const SIGN_IN_KEYS = {
  redirectMarker: 'lakorn.auth.redirect',
  redirectResult: 'lakorn.auth.redirectResult',
  popupResult: 'lakorn.auth.popupResult',
  storedError: 'lakorn.auth.error',
} as const;

/** The `type` of the provider's answer the callback page hands the shell (postMessage or storage note). */
export const SIGN_IN_RESULT_TYPE = 'lakorn-auth';

/**
 * A page's first screen drawn by the server (ARCHITECTURE §9 as README "First screen from the
 * server" amends it): the gateway puts the HTML a remote's server module draws in an element of
 * this id before `#root`, over the app, and the shell-sdk's `releaseFirstScreen` removes it once
 * the app has drawn the same screen.
 */
export const FIRST_SCREEN_ID = 'first-screen';
/**
 * The JSON block inside the first screen holding the API answers it was drawn from, by path: the
 * page takes them as its own first reads, so it draws exactly what the server drew, without
 * asking again.
 */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/**
 * The server module a remote builds beside its browser files (`dist-server/first-screen.js`,
 * CommonJS), which the gateway loads for a member's page load of one of the remote's pages.
 */
export interface FirstScreenModule {
  /** The API reads (paths under /api) the screen is drawn from, for the session's discover seed. */
  reads(seed: number): string[];
  /** The screen's HTML and the CSS it needs, from each read's answer (path → parsed JSON body). */
  render(seed: number, answers: Record<string, unknown>): { html: string; css: string };
}
