// Wallet values the browser needs, zod-free (they reach every bundle through ../web.ts).

/** spec §8: the client maps this exact message to 'โค้ดไม่ถูกต้องหรือหมดอายุแล้ว'. */
export const INVALID_PROMO_MESSAGE = 'Invalid promo code';

/** A second redemption by the same member: it tells them only what they did themselves. */
export const PROMO_ALREADY_USED_MESSAGE = 'คุณใช้โค้ดนี้ไปแล้ว';

/** Upper bound of the registration bonus the owner sets. */
export const REGISTRATION_BONUS_MAX = 1_000_000;

/** services/wallet README "A returning member": a deleted account's wallet takes no movement. */
export const WALLET_CLOSED_MESSAGE = 'บัญชีนี้ถูกลบแล้ว จึงรับหรือใช้เหรียญไม่ได้ เข้าสู่ระบบใหม่เพื่อเริ่มบัญชีใหม่';
