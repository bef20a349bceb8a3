// Sessions that end (ARCHITECTURE §5, README "Where this differs from ARCHITECTURE"), zod-free so
// the shell can branch on them.

/** 401 code of a session that was valid once and is no more (signed out, deleted, a role taken away). */
export const SESSION_ENDED_CODE = 'SESSION_ENDED';

/** What a member whose session ended reads, on the 401 and on /login. */
export const SESSION_ENDED_MESSAGE = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง';

/**
 * How often every process reloads the list of ended sessions from identity when no event told it
 * sooner: the bound on how long an ended session may still be accepted (60 s, service-kit
 * README "Sessions"), with room for one failed reload.
 */
export const SESSION_ENDS_REFRESH_MS = 20_000;

/**
 * The 400 of a username that hides characters (format, zero-width, bidi controls) or reads as one
 * of RESERVED_USERNAMES (contracts identity.ts): it could pass for the team or another member.
 */
export const USERNAME_NOT_ALLOWED_MESSAGE = 'ใช้ชื่อผู้ใช้นี้ไม่ได้ ชื่อต้องไม่มีอักขระที่มองไม่เห็น และต้องไม่ใช่ชื่อที่สงวนไว้สำหรับทีมงาน';

/**
 * A sign-in whose ID token carries no nonce identity issued to this browser, an expired one, or
 * one already used (identity README "Sign-in nonces"): the 401 of POST /api/auth/verify.
 */
export const SIGN_IN_EXPIRED_CODE = 'SIGN_IN_EXPIRED';
export const SIGN_IN_EXPIRED_MESSAGE = 'การเข้าสู่ระบบครั้งนี้หมดอายุหรือถูกใช้ไปแล้ว กรุณากดเข้าสู่ระบบใหม่อีกครั้ง';

/** How long a sign-in nonce identity issued stays good: the time to pick an account and come back. */
export const SIGN_IN_NONCE_TTL_SECONDS = 600;

/** The httpOnly cookie that binds a sign-in's nonces to the browser that started it. */
export const SIGN_IN_COOKIE = 'lakorn_signin';
