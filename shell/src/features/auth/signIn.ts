// spec §4 Auth: a popup first; when it is blocked, closed or cancelled, a full-page redirect,
// marked in localStorage with a timestamp and finished on return to /login.
import { SIGN_IN_KEYS, SIGN_IN_RESULT_TYPE, TIMERS, type Profile } from '@lakorn/contracts/web';
import { ApiError, request } from '@lakorn/shell-sdk';

export const REDIRECT_MARKER_KEY = SIGN_IN_KEYS.redirectMarker;
export const REDIRECT_RESULT_KEY = SIGN_IN_KEYS.redirectResult;
export const POPUP_RESULT_KEY = SIGN_IN_KEYS.popupResult;
export const STORED_ERROR_KEY = SIGN_IN_KEYS.storedError;

export interface ProviderResult {
  type: typeof SIGN_IN_RESULT_TYPE;
  credential: string | null;
  state: string;
  error: string | null;
}

interface RedirectMarker {
  at: number;
  state: string;
}

const randomToken = () => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * Where the popup or the page goes to sign in: identity's start, which issues the nonce the ID
 * token must carry, binds it to this browser (an httpOnly cookie) and sends it on to the provider
 * (identity README "Sign-in nonces"). The shell never holds the nonce.
 */
export function signInStartUrl(state: string): string {
  const params = new URLSearchParams({ state, redirect_uri: `${window.location.origin}/api/auth/callback` });
  return `/api/auth/start?${params.toString()}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** spec §7: POST /api/auth/verify, up to 3 attempts 1 s apart. */
export async function verifyCredential(credential: string): Promise<Profile> {
  let last: unknown;
  for (let attempt = 0; attempt < TIMERS.verifyAttempts; attempt++) {
    try {
      return await request<Profile>('/api/auth/verify', { method: 'POST', body: { credential } });
    } catch (error) {
      last = error;
      if (attempt < TIMERS.verifyAttempts - 1) await sleep(TIMERS.verifyRetryDelay);
    }
  }
  console.error('verify failed', last);
  throw last instanceof ApiError ? last : new Error(String(last));
}

export class SignInError extends Error {}

/** Waits for the popup's answer: a message from it, its localStorage note, or its closing. */
function awaitPopup(popup: Window, state: string): Promise<ProviderResult | 'closed'> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: ProviderResult | 'closed') => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      window.removeEventListener('storage', onStorage);
      clearInterval(poll);
      localStorage.removeItem(POPUP_RESULT_KEY);
      resolve(value);
    };
    const accept = (data: unknown) => {
      const r = data as ProviderResult | null;
      if (r && r.type === SIGN_IN_RESULT_TYPE && r.state === state) finish(r);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin) accept(e.data);
    };
    const readNote = () => {
      const note = localStorage.getItem(POPUP_RESULT_KEY);
      if (note) accept(JSON.parse(note));
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === POPUP_RESULT_KEY) readNote();
    };
    let closedSince: number | null = null;
    const poll = setInterval(() => {
      readNote();
      if (popup.closed) {
        // Give the popup's last note a moment to arrive before calling it closed.
        closedSince ??= Date.now();
        if (Date.now() - closedSince > 800) finish('closed');
      }
    }, 250);
    window.addEventListener('message', onMessage);
    window.addEventListener('storage', onStorage);
  });
}

/** The one place the sign-in leaves the page (a seam for tests: jsdom cannot navigate). */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/** Starts the full-page flow; the page unloads, so this never resolves in practice. */
export function startRedirect(): void {
  const marker: RedirectMarker = { at: Date.now(), state: `r.${randomToken()}` };
  localStorage.setItem(REDIRECT_MARKER_KEY, JSON.stringify(marker));
  browserNavigation.assign(signInStartUrl(marker.state));
}

export type SignInOutcome = { kind: 'signed-in'; profile: Profile } | { kind: 'redirecting'; popupBlocked: boolean };

/** The sign-in button: popup first, redirect when blocked, closed or cancelled. */
export async function signInWithPopup(): Promise<SignInOutcome> {
  const state = `p.${randomToken()}`;
  localStorage.removeItem(POPUP_RESULT_KEY);
  const popup = window.open(signInStartUrl(state), 'lakorn-signin', 'popup,width=480,height=700');
  if (!popup) {
    startRedirect();
    return { kind: 'redirecting', popupBlocked: true };
  }
  const result = await awaitPopup(popup, state);
  if (result === 'closed' || result.error || !result.credential) {
    startRedirect();
    return { kind: 'redirecting', popupBlocked: false };
  }
  try {
    return { kind: 'signed-in', profile: await verifyCredential(result.credential) };
  } catch {
    throw new SignInError('verify');
  }
}

export type RedirectReturn =
  | { kind: 'none' }
  | { kind: 'pending'; remainingMs: number }
  | { kind: 'failed' }
  | { kind: 'error'; message: string }
  | { kind: 'credential'; credential: string };

/**
 * What a return to /login brings: the provider's answer (read once, then cleared with the
 * marker), or a marker with no answer yet, which has failed after 30 seconds (spec §2).
 */
export function readRedirectReturn(now = Date.now()): RedirectReturn {
  const markerText = localStorage.getItem(REDIRECT_MARKER_KEY);
  if (!markerText) {
    sessionStorage.removeItem(REDIRECT_RESULT_KEY);
    return { kind: 'none' };
  }
  const marker = JSON.parse(markerText) as RedirectMarker;
  const resultText = sessionStorage.getItem(REDIRECT_RESULT_KEY);
  if (resultText) {
    sessionStorage.removeItem(REDIRECT_RESULT_KEY);
    localStorage.removeItem(REDIRECT_MARKER_KEY);
    const result = JSON.parse(resultText) as ProviderResult;
    if (result.state !== marker.state) return { kind: 'error', message: 'state mismatch' };
    if (result.error || !result.credential) return { kind: 'error', message: result.error ?? 'no credential' };
    return { kind: 'credential', credential: result.credential };
  }
  const age = now - marker.at;
  if (age > TIMERS.redirectReturnTimeout) {
    localStorage.removeItem(REDIRECT_MARKER_KEY);
    return { kind: 'failed' };
  }
  return { kind: 'pending', remainingMs: TIMERS.redirectReturnTimeout - age };
}

/** spec §2: a stored auth error is shown once and then cleared. */
export function takeStoredError(): string | null {
  const message = localStorage.getItem(STORED_ERROR_KEY);
  if (message !== null) localStorage.removeItem(STORED_ERROR_KEY);
  return message;
}

/** spec §2: a failed sign-in stores its error; /login shows it (takeStoredError). */
export function storeError(message: string): void {
  localStorage.setItem(STORED_ERROR_KEY, message);
}

export const isMobileDevice = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
