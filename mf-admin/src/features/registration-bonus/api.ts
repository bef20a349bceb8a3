import { CACHE, type RegistrationBonus } from '@lakorn/contracts/web';
import { mutate as apiMutate, useApi } from '@lakorn/shell-sdk';

export const REGISTRATION_BONUS_PATH = '/api/admin/registration-bonus';

/** GET /api/admin/registration-bonus: returns coins (spec §7); cached like the admin lists (spec §9). */
export function useRegistrationBonus() {
  return useApi<RegistrationBonus>(REGISTRATION_BONUS_PATH, { maxAgeMs: CACHE.adminLists });
}

/** POST /api/admin/registration-bonus: body userId, coins; returns coins. */
export function saveRegistrationBonus(coins: number, uid: string): Promise<RegistrationBonus> {
  return apiMutate<RegistrationBonus>('POST', REGISTRATION_BONUS_PATH, { userId: uid, coins });
}
