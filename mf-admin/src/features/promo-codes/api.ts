import { CACHE, type CreatePromoCodeBody, type PromoCode } from '@lakorn/contracts/web';
import { mutate as apiMutate, useApi } from '@lakorn/shell-sdk';

// spec §7 Admin: the promo code calls, each naming the acting admin's uid (spec §6).

export const promoCodesPath = (uid: string) => `/api/admin/promo-codes?userId=${encodeURIComponent(uid)}`;

/** GET /api/admin/promo-codes?userId={uid}: newest first; admin lists are cached 1 minute (spec §9). */
export function usePromoCodes(uid: string) {
  return useApi<PromoCode[]>(promoCodesPath(uid), { maxAgeMs: CACHE.adminLists });
}

/** POST /api/admin/promo-codes: body code, coins, type, maxUses, generateRandom, userId. */
export function createPromoCode(body: Omit<CreatePromoCodeBody, 'uid'>): Promise<PromoCode> {
  return apiMutate<PromoCode>('POST', '/api/admin/promo-codes', body);
}

/** PUT /api/admin/promo-codes/{id}: body userId, isActive. */
export function setPromoCodeActive(id: string, isActive: boolean, uid: string): Promise<PromoCode> {
  return apiMutate<PromoCode>('PUT', `/api/admin/promo-codes/${encodeURIComponent(id)}`, { userId: uid, isActive });
}

/** DELETE /api/admin/promo-codes/{id}?userId={uid}. */
export function deletePromoCode(id: string, uid: string): Promise<null> {
  return apiMutate<null>('DELETE', `/api/admin/promo-codes/${encodeURIComponent(id)}?userId=${encodeURIComponent(uid)}`);
}
