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

  const refreshProfile = useCallback(async () => {
    const current = profileRef.current;
    try {
      const path = current ? `/api/users/${encodeURIComponent(current.id)}?_t=${Date.now()}` : '/api/auth/session';
      const next = await getJson<Profile>(path, { on401: 'null' });
      if (next === null && current) {
        // null is a 401 (session gone) or a network failure; only a 401 signs out.
        const check = await getJson<Profile>('/api/auth/session', { on401: 'null' }).catch(() => current);
        if (check === null) setProfile(null);
        return check;
      }
      if (next !== null || !current) setProfile(next);
      return next;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) setProfile(null);
      return profileRef.current;
    }
  }, [setProfile]);

  // First load: who is signed in (the cookie is httpOnly, so ask the server).
  const firstSessionRef = useRef(firstSession);
  useEffect(() => {
    if (initialProfile !== undefined) return;
    const early = firstSessionRef.current;
    firstSessionRef.current = undefined;
    if (!early) {
      void refreshProfile();
      return;
    }
    void early()
      .then((response): Promise<Profile | null> | null => (response ? (response.json() as Promise<Profile>) : null))
      .catch(() => null)
      .then(async (profile) => {
        if (profile) setProfile(profile);
        else await refreshProfile();
      });
  }, [initialProfile, refreshProfile, setProfile]);

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
