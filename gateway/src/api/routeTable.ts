// Everything the gateway knows about the API's paths, in one place (ARCHITECTURE §5-§6): which service answers a path, which paths need no session, and which
// path parameters may only name the signed-in user.
//
// Paths match without regard to letter case, as express routes them at every service (its
// default): `/api/auth/DEV/token` is the development sign-in there, so it is here. Prefixes and
// templates are written in lower case; a path parameter keeps the case it was sent in.

export type ServiceName = 'identity' | 'catalog' | 'chat' | 'wallet' | 'checkin';

/** A path prefix and the methods a rule covers. */
type RouteRule = { methods: readonly string[] | 'any'; prefix: string };

/**
 * Path prefixes and the service behind each (spec §7). A prefix matches itself and anything below
 * it at a segment boundary: `/api/chats` matches `/api/chats` and `/api/chats/x`, never
 * `/api/chatsx`. Admin prefixes belong to the service that owns the data they edit.
 */
export const SERVICE_ROUTES: ReadonlyArray<readonly [prefix: string, service: ServiceName]> = [
  ['/api/auth', 'identity'],
  ['/api/users', 'identity'],

  ['/api/characters', 'catalog'],
  ['/api/upload', 'catalog'],
  ['/character-images', 'catalog'],
  ['/uploads/character-images', 'catalog'],
  // Moderation (reports, hidden and 18+ characters) is the catalog's: it owns the characters.
  ['/api/admin/reports', 'catalog'],
  ['/api/admin/characters', 'catalog'],
  // The audit log of admin actions: the moderation's, kept where they happen (README "Moderation and the age gate").
  ['/api/admin/audit', 'catalog'],

  ['/api/chats', 'chat'],
  ['/api/messages', 'chat'],
  ['/api/personas', 'chat'],

  ['/api/coins', 'wallet'],
  ['/api/payments', 'wallet'],
  ['/api/payment-system', 'wallet'],
  ['/api/admin/promo-codes', 'wallet'],
  ['/api/admin/registration-bonus', 'wallet'],
  ['/api/admin/payment-system', 'wallet'],

  ['/api/news', 'checkin'],
  ['/api/special-checkin-days', 'checkin'],
  ['/api/daily-coin-settings', 'checkin'],
  ['/api/checkin', 'checkin'],
  ['/api/admin/news', 'checkin'],
  ['/api/admin/special-checkin-days', 'checkin'],
  ['/api/admin/daily-coin-settings', 'checkin'],
];

/** Character images are public GETs outside /api (spec §7 Characters: image fallbacks). */
export const IMAGE_PREFIXES: readonly string[] = ['/character-images', '/uploads/character-images'];

/**
 * /api requests that pass without a session: sign-in, the development identity provider and
 * logout (ARCHITECTURE §5), and Stripe's webhook, which Stripe signs instead (ARCHITECTURE §8).
 */
export const OPEN_API_ROUTES: readonly RouteRule[] = [
  { methods: 'any', prefix: '/api/auth' },
  { methods: ['POST'], prefix: '/api/payments/webhook' },
];

/**
 * Development stand-ins that answer only this machine unless ALLOW_DEV_FROM_NETWORK=true
 * (ARCHITECTURE §5, §8): the development sign-in and the simulated bank's "pay" action. Checked
 * here and again by identity and wallet, so a service reached directly is no weaker.
 */
export const LOCAL_ONLY_ROUTES: readonly RouteRule[] = [
  { methods: 'any', prefix: '/api/auth/dev' },
  { methods: ['POST'], prefix: '/api/payments/simulate' },
];

/**
 * Methods that change something: refused when the browser says another site sent them (its
 * `Origin`), since the session cookie rides along with any request to this site (ARCHITECTURE §5).
 * A request with no Origin (curl, server to server, Stripe's webhook) is no browser's cross-site
 * request and passes; so do this site's own origin and PUBLIC_URL's.
 */
export const SAME_SITE_ONLY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Body, query and form fields that name the acting user (spec §7 bodies carry userId/uid). */
export const ACTOR_FIELDS: readonly string[] = ['userId', 'uid'];

/**
 * Path parameters that may only name the signed-in user (its id or uid), else 403 (ARCHITECTURE
 * §5); `self` names that parameter. `GET /api/characters/user/{userId}` is deliberately absent:
 * anyone may list another member's public characters. A rule also covers the paths below its
 * template, and HEAD with GET because express answers HEAD with the GET route.
 */
export const OWN_ONLY_PATHS: ReadonlyArray<{ method: string; path: string; self: string }> = [
  { method: 'GET', path: '/api/users/{id}', self: 'id' },
  { method: 'GET', path: '/api/characters/{id}/like/{uid}', self: 'uid' },
  { method: 'GET', path: '/api/chats/user/{userId}', self: 'userId' },
  { method: 'GET', path: '/api/personas/user/{userId}', self: 'userId' },
  { method: 'GET', path: '/api/coins/transactions/{userId}', self: 'userId' },
];

/**
 * Exact paths whose JSON bodies may be larger than the default cap (bodies.ts): a character with
 * its lorebook (200 entries of 2 000 characters) on create and update, contracts
 * CHARACTER_BODY_LIMIT_BYTES. Only these paths: a like or a card export keeps the default.
 */
export const LARGE_BODY_PATHS: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'POST', path: '/api/characters' },
  { method: 'PUT', path: '/api/characters/{id}' },
];

const LARGE_BODY_RULES = LARGE_BODY_PATHS.map((rule) => ({
  method: rule.method,
  pattern: new RegExp(`^${rule.path.split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment)).join('/')}/?$`, 'i'),
}));

export function isLargeBodyRoute(method: string, path: string): boolean {
  return LARGE_BODY_RULES.some((rule) => rule.method === method && rule.pattern.test(path));
}

/** Whether `path` is `prefix` (lower case) or lies below it, in any letter case. */
export function isUnder(path: string, prefix: string): boolean {
  const lower = path.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return lower === prefix || lower.startsWith(`${prefix}/`);
}

export function isApiPath(path: string): boolean {
  return isUnder(path, '/api');
}

/** The service answering a path, or undefined (an unknown /api path is a 404). */
export function serviceFor(path: string): ServiceName | undefined {
  return SERVICE_ROUTES.find(([prefix]) => isUnder(path, prefix))?.[1];
}

export function isImagePath(path: string): boolean {
  return IMAGE_PREFIXES.some((prefix) => isUnder(path, prefix));
}

const matchesRule = (method: string, path: string) => (route: RouteRule) =>
  isUnder(path, route.prefix) && (route.methods === 'any' || route.methods.includes(method));

export function isOpenApiRoute(method: string, path: string): boolean {
  return OPEN_API_ROUTES.some(matchesRule(method, path));
}

export function isSameSiteOnly(method: string): boolean {
  return SAME_SITE_ONLY_METHODS.includes(method);
}

export function isLocalOnlyRoute(method: string, path: string): boolean {
  return LOCAL_ONLY_ROUTES.some(matchesRule(method, path));
}

const OWN_ONLY_RULES = OWN_ONLY_PATHS.map((rule) => ({
  methods: rule.method === 'GET' ? ['GET', 'HEAD'] : [rule.method],
  pattern: new RegExp(
    `^${rule.path
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (param === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return param === rule.self ? '([^/]+)' : '[^/]+';
      })
      .join('/')}(?:/.*)?$`,
    'i',
  ),
}));

/**
 * The raw (still percent-encoded) path parameter of `path` that must name the actor, or
 * undefined when no own-only rule covers the request.
 */
export function ownOnlyParam(method: string, path: string): string | undefined {
  for (const rule of OWN_ONLY_RULES) {
    if (!rule.methods.includes(method)) continue;
    const match = rule.pattern.exec(path);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * API calls after which the gateway's copy of a share page (/c/{id}, web/sharePage.ts) is stale:
 * `character` names the path parameter holding the character's id, or `all` when the path does
 * not name it (resolving a report hides a character the path does not say). Dropped when the
 * service answers below 400, so the instance that made the change serves it at once; other
 * instances within the share page's TTL (README "Share pages").
 */
export const SHARE_PAGE_CHANGES: ReadonlyArray<{ method: string; path: string; character: string | 'all' }> = [
  { method: 'PUT', path: '/api/characters/{id}', character: 'id' },
  { method: 'DELETE', path: '/api/characters/{id}', character: 'id' },
  { method: 'PUT', path: '/api/admin/characters/{id}/moderation', character: 'id' },
  { method: 'POST', path: '/api/admin/reports/{id}/resolve', character: 'all' },
];

const SHARE_PAGE_CHANGE_RULES = SHARE_PAGE_CHANGES.map((rule) => ({
  method: rule.method,
  all: rule.character === 'all',
  pattern: new RegExp(
    `^${rule.path
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (param === undefined) return segment;
        return param === rule.character ? '([^/]+)' : '[^/]+';
      })
      .join('/')}/?$`,
    'i',
  ),
}));

/** The character whose share page a request may change (its id, still percent-encoded), `all`, or undefined. */
export function shareChangedBy(method: string, path: string): string | undefined {
  for (const rule of SHARE_PAGE_CHANGE_RULES) {
    if (rule.method !== method) continue;
    const match = rule.pattern.exec(path);
    if (match) return rule.all ? 'all' : match[1];
  }
  return undefined;
}
