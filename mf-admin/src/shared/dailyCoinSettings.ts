import { CACHE, type DailyCoinSetting } from '@lakorn/contracts/web';
import { useApi } from '@lakorn/shell-sdk';

export const DAILY_COIN_SETTINGS_PATH = '/api/daily-coin-settings';

/**
 * GET /api/daily-coin-settings: seven rows {id, dayOfWeek, coinAmount} (spec §7); admin lists 1
 * minute (spec §9). Read by the coin settings page and by the special days' note, one query, so a
 * save on one is what the other shows.
 */
export function useDailyCoinSettings() {
  return useApi<DailyCoinSetting[]>(DAILY_COIN_SETTINGS_PATH, { maxAgeMs: CACHE.adminLists });
}
