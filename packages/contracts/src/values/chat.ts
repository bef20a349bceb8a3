// Chat values the browser needs, zod-free (they reach every bundle through ../web.ts).

/** Event names of a streamed send (ARCHITECTURE §7; the schemas are in ../chat.ts). */
export const STREAM_EVENTS = { start: 'start', delta: 'delta', done: 'done', error: 'error' } as const;

/** GET /api/messages/chat/{chatId} paging: the header carrying the cursor of the next (older) page; absent on the oldest page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
