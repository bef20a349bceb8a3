import type { DailyCoinSetting } from '@lakorn/contracts/web';
import { mutate as apiMutate } from '@lakorn/shell-sdk';

export { DAILY_COIN_SETTINGS_PATH, useDailyCoinSettings } from '../../shared/dailyCoinSettings';

/** POST /api/admin/daily-coin-settings: body dayOfWeek, coinAmount, userId; one call per edited day (spec §7). */
export function saveDailyCoinSetting(dayOfWeek: number, coinAmount: number, uid: string): Promise<DailyCoinSetting> {
  return apiMutate<DailyCoinSetting>('POST', '/api/admin/daily-coin-settings', { dayOfWeek, coinAmount, userId: uid });
}
