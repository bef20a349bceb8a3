import { ERROR_CODES, INVALID_PROMO_MESSAGE, type RedeemResponse } from '@lakorn/contracts/web';
import { ApiError, mutate } from '@lakorn/shell-sdk';

/** POST /api/coins/redeem (spec §7): body userId, code; answers the coins and the new balance. */
export function redeemPromoCode(userId: string, code: string): Promise<RedeemResponse> {
  return mutate<RedeemResponse>('POST', '/api/coins/redeem', { userId, code });
}

/** spec §8: the server's 'Invalid promo code' is the one failure with its own Thai text. */
export function isInvalidPromo(error: unknown): boolean {
  return error instanceof ApiError && error.serverMessage === INVALID_PROMO_MESSAGE;
}

/** services/wallet README "HTTP API": 409 PROMO_ALREADY_USED, this member redeemed the code before. */
export function isPromoAlreadyUsed(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.promoAlreadyUsed;
}
