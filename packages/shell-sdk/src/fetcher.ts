// spec §7 "Shared request behaviour": the one way every front end talks to the API.
import { ERROR_CODES, SESSION_ENDED_CODE } from '@lakorn/contracts/web';

/** A non-OK answer: message is '{status}: {body text or status text}' (spec §7). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** `message` of a JSON error body ({message, code}), when there is one. */
  readonly serverMessage?: string;
  readonly code?: string;
  readonly data?: Record<string, unknown>;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      if (parsed && typeof parsed === 'object') {
        this.data = parsed;
        if (typeof parsed.message === 'string') this.serverMessage = parsed.message;
        if (typeof parsed.code === 'string') this.code = parsed.code;
      }
    } catch {
      // a plain-text body: message already carries it
    }
  }
}

export const GET_ATTEMPTS = 3;
export const GET_FIRST_DELAY_MS = 300;
export const GET_MAX_DELAY_MS = 2000;
export const MUTATION_RETRIES = 2;

/** Delay before GET attempt n+1 (n = 0 for the first retry): 300 ms doubling, capped at 2000 ms. */
export const getRetryDelay = (n: number) => Math.min(GET_FIRST_DELAY_MS * 2 ** n, GET_MAX_DELAY_MS);
/** Delay before mutation retry n (n = 0 first): min(1000·2^n, 5000) ms. */
export const mutationRetryDelay = (n: number) => Math.min(1000 * 2 ** n, 5000);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Network failures, timeouts, rate limits and server faults are worth another try. Any other
 * 4xx is the server's final word (not signed in, not found, not enough coins...): retrying it
 * would only delay the Thai message the user needs to see. So is a 429 QUOTA: a member's
 * allowance (contracts QUOTAS) does not come back within seconds.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || (error.status === 429 && error.code !== ERROR_CODES.quota);
  return true;
}

/**
 * The server's Thai answer to a request past a limit (429: a member's quota, `code` QUOTA, or the
 * gateway's rate limit), which a screen shows instead of its generic failure text; else undefined.
 */
export function limitMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 429 ? error.serverMessage : undefined;
}

/** Fetch failures a browser reports for an unreachable server. */
export function isNetworkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /network error|failed to fetch|networkerror|load failed/i.test(message);
}

/**
 * Sessions that end (service-kit README "Sessions"): the first 401 SESSION_ENDED of any call, from
 * the shell or a remote (they share this module), tells the session once; until the member signs in
 * again the failures of the calls still in flight raise no toasts (toast.tsx), so the member lands
 * on /login with one Thai "please sign in again" instead of a burst of errors.
 */
let sessionEnded = false;
const sessionEndedListeners = new Set<() => void>();

export function markSessionEnded(): void {
  if (sessionEnded) return;
  sessionEnded = true;
  for (const listener of sessionEndedListeners) listener();
}

/** True from a SESSION_ENDED answer until the next sign-in. */
export const hasSessionEnded = (): boolean => sessionEnded;

/** A signed-in profile arrived: failures are worth telling again. */
export function clearSessionEnded(): void {
  sessionEnded = false;
}

export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** sessionStorage key: the member reaches /login because the session ended (set by the session). */
export const SESSION_ENDED_NOTICE = 'lakorn.sessionEnded';

/**
 * Once, on /login: whether the member got there because the session ended (then show
 * SESSION_ENDED_MESSAGE). Here, with no React, so the static sign-in page (the shell's
 * loginScreen.ts) reads it too.
 */
export function takeSessionEndedNotice(): boolean {
  try {
    const there = window.sessionStorage.getItem(SESSION_ENDED_NOTICE) !== null;
    window.sessionStorage.removeItem(SESSION_ENDED_NOTICE);
    return there;
  } catch {
    return false;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sees the OK response before its body is read: for what a header carries (a paging cursor). */
  onResponse?: (response: Response) => void;
}

/** One HTTP call: credentials included, JSON in and out, non-OK raised as ApiError. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const error = new ApiError(response.status, response.statusText, text);
    if (error.status === 401 && error.code === SESSION_ENDED_CODE) markSessionEnded();
    throw error;
  }
  options.onResponse?.(response);
  if (response.status === 204) return null as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export interface GetOptions {
  /** spec §7: on 401 a query throws (default) or yields an empty result. */
  on401?: 'throw' | 'null';
  /**
   * A final network failure yields null (spec §7, the default) or is thrown: queries throw it, so
   * they keep what they showed and are asked again (swr.ts, README "Refinements of the spec").
   */
  onNetworkFailure?: 'null' | 'throw';
  signal?: AbortSignal;
  onResponse?: (response: Response) => void;
}

/**
 * A GET with the spec's rules: up to 3 attempts, 300 ms doubling to a 2000 ms cap; a final
 * network failure yields null; a like-status query (path with /like/) yields hasLiked false
 * on failure; anything else is thrown. Errors are logged to the console only.
 */
export async function getJson<T>(path: string, options: GetOptions = {}): Promise<T | null> {
  let lastError: unknown;
  for (let attempt = 0; attempt < GET_ATTEMPTS; attempt++) {
    try {
      return await request<T>(path, { signal: options.signal, onResponse: options.onResponse });
    } catch (error) {
      lastError = error;
      if (error instanceof ApiError && error.status === 401 && options.on401 === 'null') return null;
      if (!isRetryable(error) || attempt === GET_ATTEMPTS - 1) break;
      await sleep(getRetryDelay(attempt));
    }
  }
  console.error(`GET ${path} failed`, lastError);
  if (path.includes('/like/')) return { hasLiked: false } as T;
  if (isNetworkError(lastError) && options.onNetworkFailure !== 'throw') return null;
  throw lastError;
}

/** A POST/PUT/DELETE retried twice on transient failures with min(1000·2^n, 5000) ms between. */
export async function mutate<T = unknown>(method: 'POST' | 'PUT' | 'DELETE' | 'PATCH', path: string, body?: unknown): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await request<T>(path, { method, body });
    } catch (error) {
      if (!isRetryable(error) || retry >= MUTATION_RETRIES) {
        console.error(`${method} ${path} failed`, error);
        throw error;
      }
      await sleep(mutationRetryDelay(retry));
    }
  }
}

/**
 * What a member reads for a 400 VALIDATION: the services word most field errors in English for
 * developers ("personaContext: Invalid input"), which no member could act on.
 */
export const INVALID_INPUT_MESSAGE = 'ข้อมูลที่ส่งไปไม่ถูกต้อง กรุณาตรวจสอบแล้วลองใหม่อีกครั้ง';

const THAI = /[\u0E00-\u0E7F]/;

/**
 * The server's own message of a failure (for toasts that add it), else the error text; a 400
 * VALIDATION not already worded in Thai for members shows INVALID_INPUT_MESSAGE instead.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.code === ERROR_CODES.validation && !THAI.test(error.serverMessage ?? '')) return INVALID_INPUT_MESSAGE;
    return error.serverMessage ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
