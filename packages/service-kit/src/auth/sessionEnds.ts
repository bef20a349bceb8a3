import { SESSION_ENDS_REFRESH_MS, SessionEndsPage, type SessionEnd } from '@lakorn/contracts';
import type { Logger } from '../logger';
import { internalCredential } from './internalAccess';
import type { Actor } from './session';

/**
 * Sessions that end (service-kit README "Sessions"). Identity keeps the list of ended sessions
 * (one sign-in ended by logout; every session of a member below a version after "sign out
 * everywhere", account deletion or an admin role taken away). Every process (the gateway and each
 * service) holds a copy in memory, so a request costs two Map lookups and no network call:
 * - `identity.sessions.ended` events apply an end at once (openServiceRuntime consumes them);
 * - a reload from identity every `refreshMs` (SESSION_ENDS_REFRESH_MS) is the safety net: it bounds
 *   how long an ended session is accepted where no event arrived (the gateway has no bus; a second
 *   replica of a service shares its queue; the broker was away).
 */
export interface SessionEnds {
  /** True when the verified token's session ended (per request: no I/O). */
  hasEnded(actor: Actor): boolean;
  /** Applies one end now (an event, or identity's own write). */
  apply(end: SessionEnd): void;
  /** Reloads what changed since the last reload; rejects when identity could not be asked. */
  refresh(): Promise<void>;
  /** Reloads at once, then every refreshMs; a failed reload is logged and tried again next time. */
  start(): void;
  stop(): void;
  /** True once a reload succeeded (the copy holds every end made before it). */
  loaded(): boolean;
}

export interface SessionEndsOptions {
  /** The ends changed since `since` (epoch ms, 0 = all) and the cursor to ask from next. */
  load: (since: number) => Promise<SessionEndsPage>;
  logger: Logger;
  refreshMs?: number;
  now?: () => number;
}

/**
 * A write made while a reload was reading may carry an earlier time than the cursor the reload
 * answers; asking again from this far back picks it up (applying an end twice changes nothing).
 */
const CURSOR_OVERLAP_MS = 10_000;
const FIRST_LOAD_RETRY_MS = 1_000;
const QUIET_FIRST_LOAD_TRIES = 15;

export function createSessionEnds(options: SessionEndsOptions): SessionEnds {
  const refreshMs = options.refreshMs ?? SESSION_ENDS_REFRESH_MS;
  const now = options.now ?? Date.now;
  const log = options.logger.child({ component: 'session-ends' });
  /** sid → when its token expires (after that the verifier refuses it anyway, so it is dropped). */
  const endedSessions = new Map<string, number>();
  /** userId → the lowest session version still accepted. */
  const minVersions = new Map<string, number>();
  let cursor = 0;
  let everLoaded = false;
  let timer: NodeJS.Timeout | undefined;
  let failing = false;
  let firstLoadTries = 0;

  function apply(end: SessionEnd): void {
    if (end.kind === 'session') {
      if (end.expiresAt > now()) endedSessions.set(end.sid, end.expiresAt);
      return;
    }
    if ((minVersions.get(end.userId) ?? 0) < end.minVersion) minVersions.set(end.userId, end.minVersion);
  }

  function dropExpired(): void {
    const t = now();
    for (const [sid, expiresAt] of endedSessions) if (expiresAt <= t) endedSessions.delete(sid);
  }

  async function refresh(): Promise<void> {
    const page = await options.load(Math.max(0, cursor - CURSOR_OVERLAP_MS));
    for (const end of page.ends) apply(end);
    cursor = Math.max(cursor, page.cursor);
    dropExpired();
    everLoaded = true;
  }

  function reloadLogged(): void {
    refresh().then(
      () => {
        if (failing) log.info('ended sessions reloaded from identity again');
        failing = false;
      },
      (error: unknown) => {
        // Until identity answers, the copy already held keeps being enforced; identity made no
        // end meanwhile that an event did not bring (it is the one that makes them).
        // Identity starting next to us is expected for a few seconds: warn only past that.
        firstLoadTries += everLoaded ? 0 : 1;
        if (!failing && (everLoaded || firstLoadTries > QUIET_FIRST_LOAD_TRIES)) {
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not reload ended sessions from identity');
          failing = true;
        }
        // Not loaded once yet (identity starting next to us): ask again soon, not a period later.
        if (!everLoaded && timer) setTimeout(() => timer && !everLoaded && reloadLogged(), FIRST_LOAD_RETRY_MS).unref();
      },
    );
  }

  return {
    hasEnded(actor) {
      if (actor.sessionId !== undefined && endedSessions.has(actor.sessionId)) return true;
      const min = minVersions.get(actor.id);
      return min !== undefined && (actor.sessionVersion ?? 0) < min;
    },
    apply,
    refresh,
    start() {
      if (timer) return;
      reloadLogged();
      timer = setInterval(reloadLogged, refreshMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    loaded: () => everLoaded,
  };
}

/**
 * Reads identity's list over HTTP: GET <identityUrl>/internal/sessions/ended?since=, an internal
 * route, so with INTERNAL_TOKEN when one is set (service-kit README "Internal routes").
 */
export function loadSessionEndsFrom(identityUrl: string, options: { internalToken?: string; timeoutMs?: number } = {}): (since: number) => Promise<SessionEndsPage> {
  const base = identityUrl.replace(/\/+$/, '');
  const headers = internalCredential(options.internalToken);
  return async (since) => {
    const response = await fetch(`${base}/internal/sessions/ended?since=${since}`, { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
    if (!response.ok) throw new Error(`identity answered ${response.status} for the ended sessions`);
    return SessionEndsPage.parse(await response.json());
  };
}

let installed: SessionEnds | undefined;

/**
 * The process's one list: every sessionMiddleware without its own list consults it (one process
 * is one service or the gateway, so the list is the process's, like its key).
 */
export function installSessionEnds(ends: SessionEnds | undefined): void {
  installed = ends;
}

export function installedSessionEnds(): SessionEnds | undefined {
  return installed;
}
