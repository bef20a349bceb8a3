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
