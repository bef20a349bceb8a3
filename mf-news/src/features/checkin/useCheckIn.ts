import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ALREADY_CHECKED_IN_MESSAGE, ERROR_CODES, type CheckInResult } from '@lakorn/contracts/web';
import { ApiError, useSession, useToast } from '@lakorn/shell-sdk';
import { isCalendarKey, postCheckIn, withCheckIn } from './api';
import { CHECKIN_TEXT } from './messages';

/** How often, and how far apart, the profile is re-read until the credited coins show. */
export const COIN_REFRESH_ATTEMPTS = 4;
export const COIN_REFRESH_DELAY_MS = 750;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** spec §8: a failure whose message contains 'Already checked in today'. */
export function isAlreadyCheckedIn(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === ERROR_CODES.alreadyCheckedIn || error.message.includes(ALREADY_CHECKED_IN_MESSAGE);
}

/**
 * The check-in action shared by today's calendar cell and the today panel. On success: a toast
 * with the coins received, the calendars refreshed (spec §4 Calendar day), and the profile
 * re-read until the balance shows the credit: the wallet credits from an event, so the coin
 * badge may lag the answer by a moment.
 */
export function useCheckIn() {
  const { profile, refreshProfile } = useSession();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const refreshCalendars = useCallback(
    (result?: CheckInResult) =>
      mutate(isCalendarKey, result ? (data: unknown) => withCheckIn(data as Parameters<typeof withCheckIn>[0], result) : undefined, {
        revalidate: true,
        populateCache: Boolean(result),
      }),
    [mutate],
  );

  const checkIn = useCallback(async () => {
    if (busy.current || !profile) return;
    busy.current = true;
    setPending(true);
    const before = profile.coins;
    try {
      const result = await postCheckIn(profile.uid);
      const coins = result.checkin.coinsReceived;
      toast({ title: CHECKIN_TEXT.successTitle, description: CHECKIN_TEXT.successDescription(coins), variant: 'success' });
      void refreshCalendars(result);
      void (async () => {
        for (let attempt = 0; attempt < COIN_REFRESH_ATTEMPTS; attempt++) {
          const fresh = await refreshProfile();
          if (!fresh || fresh.coins >= before + coins) return;
          await sleep(COIN_REFRESH_DELAY_MS);
        }
      })();
    } catch (error) {
      if (isAlreadyCheckedIn(error)) {
        toast({ title: CHECKIN_TEXT.alreadyCheckedIn, variant: 'destructive' });
        void refreshCalendars(); // the page was out of date: show the check mark
      } else {
        toast({ title: CHECKIN_TEXT.failedTitle, description: CHECKIN_TEXT.failedDescription, variant: 'destructive' });
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, [profile, refreshProfile, refreshCalendars, toast]);

  return { checkIn, pending };
}
