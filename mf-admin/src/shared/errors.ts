import type { ERROR_CODES, WALLET_ERROR_CODES } from '@lakorn/contracts/web';
import { ApiError } from '@lakorn/shell-sdk';

// The services word their refusals in English for developers; the admin pages say them in Thai,
// by the answer's `code`, else by its status (README "Refinements of the spec"). A message the
// server already writes in Thai (a quota's) is shown as it is.
type Code = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | (typeof WALLET_ERROR_CODES)[keyof typeof WALLET_ERROR_CODES];

const BY_CODE: Partial<Record<Code, string>> = {
  PROMO_EXISTS: 'มีโค้ดนี้อยู่แล้ว',
  NOT_FOUND: 'ไม่พบรายการนี้ อาจถูกลบไปแล้ว',
  FORBIDDEN: 'บัญชีนี้ไม่มีสิทธิ์ทำรายการนี้',
  UNAUTHENTICATED: 'กรุณาเข้าสู่ระบบอีกครั้ง',
  VALIDATION: 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบแล้วลองใหม่',
};
const BY_STATUS: Record<number, string> = {
  400: BY_CODE.VALIDATION!,
  401: BY_CODE.UNAUTHENTICATED!,
  403: BY_CODE.FORBIDDEN!,
  404: BY_CODE.NOT_FOUND!,
};
/** spec §8: the generic text when the server gives no message a member can read. */
const GENERIC = 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง';
const OFFLINE = 'เชื่อมต่อไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองใหม่';
const THAI = /[\u0E00-\u0E7F]/u;

/** Why an admin call failed, in Thai. */
export function adminErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return OFFLINE;
  const byCode = error.code ? BY_CODE[error.code as Code] : undefined;
  if (byCode) return byCode;
  if (error.serverMessage && THAI.test(error.serverMessage)) return error.serverMessage;
  return BY_STATUS[error.status] ?? GENERIC;
}
