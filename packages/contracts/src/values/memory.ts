// Memory that keeps up (chat README "Memory that keeps up"): summaries of the turns the prompt's
// window has dropped, and messages a member pins so they stay in the prompt. Zod-free values: they
// reach the browser through ../web.ts; the schemas are in ../chat.ts.

/** The limits of a chat's summary and pins, enforced by the chat service and shown by the memory panel. */
export const MEMORY_LIMITS = {
  /** Pinned messages per chat. */
  pinsPerChat: 10,
  /** Pinned messages together, in tokens as the prompt itself estimates them (chat's estimateTokens). */
  pinTokens: 1000,
  /** A chat's summary, as written or as the member edits it, in characters (code points). */
  summaryCharacters: 2000,
} as const;

/** Error codes of the pin limits (409), for a client to branch on. */
export const MEMORY_ERROR_CODES = {
  pinLimit: 'PIN_LIMIT',
  pinTokens: 'PIN_TOKENS',
} as const;

/** The Thai texts of the memory refusals, shown as the server gives them. */
export const MEMORY_MESSAGES = {
  pinLimit: 'ปักหมุดได้สูงสุด 10 ข้อความต่อแชท เลิกปักหมุดข้อความอื่นก่อนนะ',
  pinTokens: 'ข้อความที่ปักหมุดรวมกันยาวเกินความยาวที่เก็บได้ เลิกปักหมุดข้อความอื่นก่อนนะ',
  summaryTooLong: 'สรุปเรื่องราวต้องยาวไม่เกิน 2,000 ตัวอักษร',
} as const;
