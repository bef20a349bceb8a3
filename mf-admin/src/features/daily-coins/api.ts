import { CACHE, type DailyCoinSetting } from '@lakorn/contracts/web';
import { mutate as apiMutate, useApi } from '@lakorn/shell-sdk';

export const DAILY_COIN_SETTINGS_PATH = '/api/daily-coin-settings';

/** GET /api/daily-coin-settings: seven rows {id, dayOfWeek, coinAmount} (spec §7); admin lists 1 minute (spec §9). */
export function useDailyCoinSettings() {
  return useApi<DailyCoinSetting[]>(DAILY_COIN_SETTINGS_PATH, { maxAgeMs: CACHE.adminLists });
}

/** POST /api/admin/daily-coin-settings: body dayOfWeek, coinAmount, userId; one call per edited day (spec §7). */
export function saveDailyCoinSetting(dayOfWeek: number, coinAmount: number, uid: string): Promise<DailyCoinSetting> {
  return apiMutate<DailyCoinSetting>('POST', '/api/admin/daily-coin-settings', { dayOfWeek, coinAmount, userId: uid });
}
