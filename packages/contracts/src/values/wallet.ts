// Wallet values the browser needs, zod-free (they reach every bundle through ../web.ts).

/** spec §8: the client maps this exact message to 'โค้ดไม่ถูกต้องหรือหมดอายุแล้ว'. */
export const INVALID_PROMO_MESSAGE = 'Invalid promo code';

/** Upper bound of the registration bonus the owner sets. */
export const REGISTRATION_BONUS_MAX = 1_000_000;
