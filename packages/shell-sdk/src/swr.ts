import { useCallback, useEffect } from 'react';
import useSWR, { preload, useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { getJson, isRetryable } from './fetcher';

/**
 * Answers that came with the page (seedApi), by path: SWR's `fallback`, what a query shows until
 * it has an answer of its own.
 */
const seeded: Record<string, unknown> = {};

/** Before a failed read's next try (after the fetcher's own three): 1 s doubling to 30 s. */
export const readRetryDelay = (n: number) => Math.min(1000 * 2 ** n, 30_000);
/** Tries after the fetcher's own: then the read waits for the network to return. */
export const READ_RETRIES = 8;

/**
 * spec §7: queries never refetch on focus or by interval, and data does not go stale by itself;
 * explicit refreshes (mutate) follow actions. Refined (README "Refinements of the spec"): a read
 * lost to the network or a server fault is a failure that keeps what the page showed, is tried
 * again with backoff while the browser is online, and every read is asked again when the network
 * returns; a refusal (4xx) is the server's word and is not.
 */
export const swrConfig: SWRConfiguration = {
  fallback: seeded,
  fetcher: (path: string) => getJson(path, { onNetworkFailure: 'throw' }),
  revalidateOnFocus: false,
  revalidateOnReconnect: true,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: true,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    if (!isRetryable(cause) || retryCount > READ_RETRIES) return;
    // Offline: the `online` event asks again (revalidateOnReconnect).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    setTimeout(() => void revalidate({ retryCount }), readRetryDelay(retryCount - 1));
  },
  dedupingInterval: 2000,
};

const fetchedAt = new Map<string, number>();

export interface ApiQueryOptions {
  /** spec §9 client caching: reload on mount when the cached copy is older than this. */
  maxAgeMs?: number;
  on401?: 'throw' | 'null';
  /** Raise a failure as this message (spec §8 names some), keeping the original as its cause. */
  failureMessage?: string;
}

/** The fetch behind a query: getJson with the query's rules, noting when it answered (maxAgeMs). */
function queryFetcher<T>({ on401, failureMessage }: ApiQueryOptions) {
  return async (p: string): Promise<T | null> => {
    try {
      const data = await getJson<T>(p, { on401, onNetworkFailure: 'throw' });
      fetchedAt.set(p, Date.now());
      return data;
    } catch (error) {
      if (failureMessage) throw new Error(failureMessage, { cause: error });
      throw error;
    }
  };
}

/** SWR over getJson; `path` null means "do not fetch yet". */
export function useApi<T>(path: string | null, options: ApiQueryOptions = {}): SWRResponse<T | null> {
  const { maxAgeMs } = options;
  const result = useSWR<T | null>(path, queryFetcher<T>(options));
  const { mutate } = result;
  useEffect(() => {
    if (!path || maxAgeMs === undefined) return;
    const at = fetchedAt.get(path);
    if (at !== undefined && Date.now() - at > maxAgeMs) void mutate();
  }, [path, maxAgeMs, mutate]);
  return result;
}

/**
 * Starts a query before any component asks for it (SWR's preload): the first useApi of the same
 * path takes the answer in flight instead of asking again. For a page's first screen, started
 * when its module loads, so the request overlaps the JavaScript and the first render
 * (bench/README.md "lighthouse").
 */
export function preloadApi<T>(path: string, options: ApiQueryOptions = {}): void {
  void preload(path, queryFetcher<T>(options)).catch(() => undefined);
}

/**
 * A query's answer already in hand (the first screen's, takeFirstScreenAnswers), given to SWR as
 * its fallback for the path, the way SWR takes a server's answers: the first useApi of the path
 * draws it in its first render, with no loading state and no request (revalidateIfStale is off),
 * and it counts as fetched now for `maxAgeMs`. Handed over as a preload instead, it reached the
 * page only after a commit of the loading state and another of the answer (bench/README.md
 * "lighthouse").
 */
export function seedApi<T>(path: string, data: T): void {
  fetchedAt.set(path, Date.now());
  seeded[path] = data;
}

/**
 * Forgets every query's answer, the cached ones and those that came with the page: nothing of
 * one member may show to the next (a sign-out, a session ended elsewhere, a deleted account).
 */
export function useForgetAnswers(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    for (const path of Object.keys(seeded)) delete seeded[path];
    await mutate(() => true, undefined, { revalidate: false });
  }, [mutate]);
}
