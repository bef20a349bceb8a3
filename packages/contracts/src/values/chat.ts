// Chat values the browser needs, zod-free (they reach every bundle through ../web.ts).

/** Event names of a streamed send (ARCHITECTURE §7; the schemas are in ../chat.ts). */
export const STREAM_EVENTS = { start: 'start', delta: 'delta', done: 'done', error: 'error' } as const;

/** GET /api/messages/chat/{chatId} paging: the header carrying the cursor of the next (older) page; absent on the oldest page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * While the model is silent, a streamed send writes an SSE comment (`: ping`) this often, so a
 * healthy stream never goes as quiet as the gateway's idle limit (12 s, ARCHITECTURE §6), after
 * which it ends the stream as failed.
 */
export const STREAM_PING_MS = 5_000;

/** Error codes a chat client branches on (besides common.ts ERROR_CODES, e.g. NOT_ENOUGH_COINS). */
export const CHAT_ERROR_CODES = {
  personaLimit: 'PERSONA_LIMIT',
  aiUnavailable: 'AI_UNAVAILABLE',
  /** 202: the send is recorded, its outcome not decided yet; ask GET /api/messages/by-client-id/{id}. */
  sendPending: 'SEND_PENDING',
  /** 409 on POST /api/messages/{id}/regenerate: the reply already has ALTERNATIVES_MAX answers. */
  alternativesFull: 'ALTERNATIVES_FULL',
  /** 409 on a regenerate of anything but the chat's latest reply to a member's message (an older reply, a member's message, the greeting). */
  notRegenerable: 'NOT_REGENERABLE',
  /** 409 on a rewind: a send in that chat is not finished; its messages may still be stored. */
  rewindWhileSending: 'REWIND_WHILE_SENDING',
  /** 409 on a rewind given `count`: another number of messages would go; the body's `count` is it. */
  rewindCountChanged: 'REWIND_COUNT_CHANGED',
  /** 409 on a paid save (an edit, the memory note, the summary): the client showed less than it costs now; the body's `cost` is the price. */
  costChanged: 'COST_CHANGED',
} as const;

/** The Thai texts of a paid save's refusals (chat README "Paying for text that reaches the model"). */
export const SAVE_MESSAGES = {
  costChanged: 'ราคาการบันทึกเปลี่ยนไป กรุณาตรวจสอบราคาใหม่แล้วกดบันทึกอีกครั้ง',
  walletUnavailable: 'ระบบเหรียญไม่ตอบสนองในขณะนี้ ยังไม่ได้บันทึกและไม่มีการหักเหรียญ กรุณาลองใหม่อีกครั้ง',
  unsettled: 'บันทึกไม่สำเร็จในขณะนี้ หากยังไม่ได้บันทึก ระบบจะคืนเหรียญให้อัตโนมัติ กรุณาเปิดแชทอีกครั้งเพื่อตรวจสอบ',
} as const;

/** The Thai texts of a rewind's refusals (DELETE /api/chats/{id}/messages?from=), shown as the server gives them. */
export const REWIND_MESSAGES = {
  whileSending: 'รอให้ข้อความล่าสุดส่งเสร็จก่อน แล้วค่อยย้อนกลับ',
  countChanged: 'มีข้อความใหม่เข้ามา จำนวนข้อความที่จะถูกลบเปลี่ยนไป กรุณายืนยันอีกครั้ง',
} as const;

/**
 * A send whose answer was lost (the connection dropped, the gateway's 502/504, a stream cut off,
 * a 202 SEND_PENDING) may have succeeded: the client asks GET /api/messages/by-client-id/{id}
 * this often (ARCHITECTURE §6) ...
 */
export const SEND_OUTCOME_POLL_MS = 1_000;
/**
 * ... until the 202's `decidedBy` (the send's deadline: the chat service decides it then, at the
 * latest), or for this long while no answer names one (the default deadline: debit 5 s + reply
 * 60 s + 10 s of grace, plus a sweep interval of 15 s; chat's README).
 */
export const SEND_OUTCOME_WAIT_MS = 90_000;

/**
 * Another answer (swipes, chat README "Another answer"): a reply keeps at most this many answers,
 * its first one included. Asking for one more is refused (409 ALTERNATIVES_FULL) before any coin is
 * taken. (A greeting's answers are its first message and the card's alternate greetings, all of them.)
 */
export const ALTERNATIVES_MAX = 10;

/** The Thai texts of the swipe refusals, shown as the server gives them. */
export const SWIPE_MESSAGES = {
  full: `คำตอบนี้มีครบ ${ALTERNATIVES_MAX} แบบแล้ว เลือกจากคำตอบที่มีอยู่ได้เลย`,
  notRegenerable: 'ขอคำตอบใหม่ได้เฉพาะคำตอบล่าสุดของตัวละครที่ตอบข้อความของคุณเท่านั้น',
  noSuchAlternative: 'ไม่มีคำตอบลำดับนี้',
} as const;

// ---------------------------------------------------------------------------------------------
// Ratings (chat README "Ratings": members say which replies were good)

/** Why a rating is refused (POST /api/messages/{id}/rating), in the member's words. */
export const RATING_MESSAGES = {
  /** 400 NOT_RATEABLE: only a character's reply takes a thumb, never the member's own message. */
  notRateable: 'ให้คะแนนได้เฉพาะข้อความของตัวละคร',
} as const;

/** Error code of a rating on the member's own message. */
export const RATING_ERROR_CODES = { notRateable: 'NOT_RATEABLE' } as const;
