import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useSession } from '@lakorn/shell-sdk';

/** SWR keys that show coins from the wallet (history and balance); refreshed after a movement. */
export const isWalletKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/coins/');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a movement the wallet answered with the new balance: refresh the wallet's own queries and
 * the profile. identity learns the balance from wallet.balance.changed a moment later, so the
 * profile is fetched again until it shows that balance (about 3 s at most); if it still lags, the
 * badge is adjusted locally until the next refresh.
 */
export function useCoinSync() {
  const { refreshProfile, adjustCoins } = useSession();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (balance: number) => {
      void mutate(isWalletKey);
      let coins: number | undefined;
      for (let attempt = 0; attempt < 6; attempt++) {
        coins = (await refreshProfile())?.coins;
        if (coins === undefined || coins === balance) return;
        await sleep(500);
      }
      if (coins !== undefined) adjustCoins(balance - coins);
    },
    [refreshProfile, adjustCoins, mutate],
  );
}
