import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Forgets cached queries of other screens after an admin change, so the next visit loads them
 * again: spec §7 queries never go stale by time and /news keeps its copy 5 minutes (spec §9).
 * A matching query still on screen reloads at once; one not on screen loads when next shown.
 */
export function useForgetQueries(): (match: (key: string) => boolean) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    (match: (key: string) => boolean) => mutate((key) => typeof key === 'string' && match(key), undefined, { revalidate: true }),
    [mutate],
  );
}

/** The check-in calendars of mf-news (`/api/checkin/calendar?…`): their amounts follow these settings. */
export const isCalendarQuery = (key: string): boolean => key.startsWith('/api/checkin/calendar');
