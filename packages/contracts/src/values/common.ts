// Error codes the browser branches on, zod-free (they reach every bundle through ../web.ts).

/** Machine-readable error codes clients branch on. */
export const ERROR_CODES = {
  notEnoughCoins: 'NOT_ENOUGH_COINS',
  usernameTaken: 'USERNAME_TAKEN',
  /** A username with invisible characters, or one that reads as a reserved name (contracts identity). */
  usernameNotAllowed: 'USERNAME_NOT_ALLOWED',
  paymentDisabled: 'PAYMENT_DISABLED',
  alreadyCheckedIn: 'ALREADY_CHECKED_IN',
  invalidPromo: 'INVALID_PROMO',
  /** A member's second redemption of a code they used (services/wallet README "HTTP API"). */
  promoAlreadyUsed: 'PROMO_ALREADY_USED',
  validation: 'VALIDATION',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  unavailable: 'UNAVAILABLE',
  /** ARCHITECTURE §6: the gateway's 502, a service that died mid-answer. */
  upstreamFailed: 'UPSTREAM_FAILED',
  /** ARCHITECTURE §6: the gateway's 504, a service silent past the upstream limit. */
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  localOnly: 'LOCAL_ONLY',
  /** 421: the request's Host is none the gateway serves (gateway README "Hosts"). */
  unknownHost: 'UNKNOWN_HOST',
  /** 429: a per-member quota (constants QUOTAS) is used up. */
  quota: 'QUOTA',
} as const;

/** The Thai answers of the abuse limits (constants QUOTAS; ARCHITECTURE §5, §6). */
export const ABUSE_MESSAGES = {
  characterQuota: 'คุณสร้างตัวละครครบจำนวนสูงสุดแล้ว กรุณาลบตัวละครเดิมก่อนสร้างใหม่',
  chatQuota: 'วันนี้คุณเริ่มแชทใหม่ครบจำนวนสูงสุดแล้ว กรุณาลองใหม่พรุ่งนี้',
  uploadQuota: 'วันนี้คุณอัปโหลดรูปภาพครบจำนวนสูงสุดแล้ว กรุณาลองใหม่พรุ่งนี้',
  promoAttempts: 'กรอกโค้ดไม่ถูกต้องหลายครั้งเกินไป กรุณารอ 10 นาทีแล้วลองใหม่',
  crossSite: 'ไม่อนุญาตคำขอจากเว็บไซต์อื่น',
  imageUrl: 'รูปภาพต้องเป็นรูปที่อัปโหลดในลากรหรือรูปโปรไฟล์จากบัญชี Google',
} as const;

/** What a member may still create, shown where characters are made (constants QUOTAS). */
export function charactersLeftText(n: number): string {
  return `สร้างได้อีก ${n} ตัว`;
}
