import { WALLET_CLOSED_MESSAGE, type WALLET_ERROR_CODES } from '@lakorn/contracts/web';
import { ApiError } from '@lakorn/shell-sdk';

type WalletErrorCode = (typeof WALLET_ERROR_CODES)[keyof typeof WALLET_ERROR_CODES];

// The wallet service words its refusals in English for developers (services/wallet README "HTTP
// API"); a member reads them in Thai, picked by the answer's `code`, never the server's words.
// Keyed by the contracts' codes as a type (their values stay out of the browser entry), so a code
// renamed there fails the type-check here.
const BY_CODE: Record<WalletErrorCode, string> = {
  INVALID_PACKAGE: 'แพ็กเกจที่เลือกไม่ถูกต้อง',
  PAYMENT_EXPIRED: 'QR Code นี้หมดอายุแล้ว กรุณาสร้าง QR Code ใหม่',
  PAYMENT_NOT_SUCCEEDED: 'การชำระเงินยังไม่สำเร็จ',
  PAYMENT_REQUIRED: 'กรุณาชำระเงินผ่าน PromptPay ก่อน',
  PROMO_EXISTS: 'มีโค้ดนี้อยู่แล้ว',
  SIMULATION_REFUSED: 'ระบบจริงไม่รองรับการจำลองการชำระเงิน',
  WALLET_CLOSED: WALLET_CLOSED_MESSAGE,
};
const isWalletCode = (code: string): code is WalletErrorCode => Object.hasOwn(BY_CODE, code);

/** A wallet refusal in Thai when its code is known, else `fallback` (the screen's own words). */
export function walletErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== undefined && isWalletCode(error.code) ? BY_CODE[error.code] : fallback;
}
