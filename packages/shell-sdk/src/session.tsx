import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TIMERS, type Profile } from '@lakorn/contracts/web';
import { ApiError, clearSessionEnded, getJson, mutate as apiMutate, onSessionEnded, SESSION_ENDED_NOTICE } from './fetcher';
import { useForgetAnswers } from './swr';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface SessionValue {
  status: SessionStatus;
  profile: Profile | null;
  /** Set after a sign-in (POST /api/auth/verify answers the profile). */
  setProfile: (profile: Profile | null) => void;
  /** Fetch the profile now (after a check-in, a payment, a username change...). */
  refreshProfile: () => Promise<Profile | null>;
  /** Adjust the shown balance locally until the next refresh (spec §4 message send). */
  adjustCoins: (delta: number) => void;
  /** POST /api/auth/logout; throws when the server could not sign out. */
  signOut: () => Promise<void>;
  /** POST /api/auth/logout-everywhere: every session of the member ends, on every device. */
  signOutEverywhere: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

/** The session of the shell; remotes read it through the shared singleton. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in profile (components under the auth gate). */
export function useProfile(): Profile {
  const { profile } = useSession();
  if (!profile) throw new Error('useProfile needs a signed-in user');
  return profile;
}

/** The longest a session read (its tries included) may take before it counts as unreachable. */
export const SESSION_READ_TIMEOUT_MS = 15_000;

/**
 * What the server says of a profile read: the profile, 'signed-out' when it refused (401, or 404
 * for an account that is gone), or 'unreachable' for anything that is no answer about the session
 * (the network, a timeout, 5xx from the gateway): that never signs out (README "Refinements of
 * the spec").
 */
async function askSession(path: string): Promise<Profile | 'signed-out' | 'unreachable'> {
  // A read that never answers (a network that swallows requests) must not stop the refreshes.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), SESSION_READ_TIMEOUT_MS);
  try {
    return (await getJson<Profile>(path, { signal: abort.signal })) ?? 'unreachable';
  } catch (error) {
    return error instanceof ApiError && (error.status === 401 || error.status === 404) ? 'signed-out' : 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** Before the first session check's next try: 1 s doubling to 30 s (the `online` event asks at once). */
export const sessionRetryDelay = (n: number) => Math.min(1000 * 2 ** n, 30_000);

const sameProfile = (a: Profile | null, b: Profile | null) => JSON.stringify(a) === JSON.stringify(b);

/** spec §4 Auth: refresh about once a minute, 60 s plus up to 5 s at random. */
export const nextRefreshDelay = (random = Math.random) => TIMERS.profileRefresh + Math.floor(random() * TIMERS.profileRefreshJitter);

export function SessionProvider({
  children,
  initialProfile,
  firstSession,
}: {
  children: ReactNode;
  initialProfile?: Profile | null;
  /**
   * GET /api/auth/session asked for before React started (the shell's early reads): its OK answer
   * is the first load's; anything else (none, refused, failed) and the first load asks as usual.
   */
  firstSession?: () => Promise<Response | null>;
}) {
  const [profile, setProfileState] = useState<Profile | null>(initialProfile ?? null);
  const [status, setStatus] = useState<SessionStatus>(
    initialProfile === undefined ? 'loading' : initialProfile ? 'signed-in' : 'signed-out',
  );
  const forgetAnswers = useForgetAnswers();
  const profileRef = useRef(profile);
  profileRef.current = profile;

  const setProfile = useCallback((next: Profile | null) => {
    if (next) clearSessionEnded();
    // A transition: what the session opens (the whole signed-in app on the first load) is drawn
    // in slices, not one long task (bench/README.md "lighthouse").
    startTransition(() => {
      setProfileState((current) => (sameProfile(current, next) ? current : next));
      setStatus(next ? 'signed-in' : 'signed-out');
    });
  }, []);

  // The session ended elsewhere (logout on another device, sign out everywhere, account deleted,
  // a role taken away): sign out here, forget the member's data, and let /login say why.
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!profileRef.current) return;
        try {
          window.sessionStorage.setItem(SESSION_ENDED_NOTICE, '1');
        } catch {
          // private mode: /login shows no reason, the member still signs in again
        }
        setProfile(null);
        void forgetAnswers();
      }),
    [setProfile, forgetAnswers],
  );

  /** The profile now, null when signed out, 'unreachable' when the server could not say. */
  const checkSession = useCallback(async (): Promise<Profile | null | 'unreachable'> => {
    const current = profileRef.current;
    let answer = await askSession(current ? `/api/users/${encodeURIComponent(current.id)}?_t=${Date.now()}` : '/api/auth/session');
    // The profile refused us: only the session check's own refusal signs out (README
    // "Refinements of the spec"); a check lost to the network keeps the member signed in.
    if (answer === 'signed-out' && current) answer = await askSession('/api/auth/session');
    if (answer === 'unreachable') return answer;
    const next = answer === 'signed-out' ? null : answer;
    setProfile(next);
    return next;
  }, [setProfile]);

  const refreshProfile = useCallback(async () => {
    const answer = await checkSession();
    return answer === 'unreachable' ? profileRef.current : answer;
  }, [checkSession]);

  // First load: who is signed in (the cookie is httpOnly, so ask the server). A check lost to the
  // network leaves the session loading and asks again with backoff and when the network returns.
  const firstSessionRef = useRef(firstSession);
  useEffect(() => {
    if (initialProfile !== undefined) return;
    const early = firstSessionRef.current;
    firstSessionRef.current = undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    let asking = false;
    let askAgain = false;
    const ask = async () => {
      if (asking) {
        askAgain = true;
        return;
      }
      asking = true;
      askAgain = false;
      clearTimeout(timer);
      const answer = await checkSession();
      asking = false;
      if (answer !== 'unreachable' || stopped) return;
      if (askAgain) void ask();
      else timer = setTimeout(() => void ask(), sessionRetryDelay(tries++));
    };
    const onOnline = () => void ask();
    window.addEventListener('online', onOnline);
    const first = early
      ? early()
          .then((response): Promise<Profile | null> | null => (response ? (response.json() as Promise<Profile>) : null))
          .catch(() => null)
      : Promise.resolve(null);
    void first.then((profile) => {
      if (stopped) return;
      if (profile) setProfile(profile);
      else void ask();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [initialProfile, checkSession, setProfile]);

  // Back online: the balance and roles may have moved meanwhile.
  useEffect(() => {
    if (status !== 'signed-in') return;
    const onOnline = () => void refreshProfile();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [status, refreshProfile]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(async () => {
        await refreshProfile();
        schedule();
      }, nextRefreshDelay());
    };
    schedule();
    return () => clearTimeout(timer);
  }, [status, refreshProfile]);

  const adjustCoins = useCallback((delta: number) => {
    setProfileState((current) => (current ? { ...current, coins: Math.max(0, current.coins + delta) } : current));
  }, []);

  const endSession = useCallback(
    async (path: string) => {
      try {
        await apiMutate('POST', path);
      } catch (error) {
        // Already ended elsewhere: signed out all the same.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
      setProfile(null);
      // Nothing of the previous user may show to the next one.
      await forgetAnswers();
    },
    [forgetAnswers, setProfile],
  );
  const signOut = useCallback(() => endSession('/api/auth/logout'), [endSession]);
  const signOutEverywhere = useCallback(() => endSession('/api/auth/logout-everywhere'), [endSession]);

  const value = useMemo<SessionValue>(
    () => ({ status, profile, setProfile, refreshProfile, adjustCoins, signOut, signOutEverywhere }),
    [status, profile, setProfile, refreshProfile, adjustCoins, signOut, signOutEverywhere],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
