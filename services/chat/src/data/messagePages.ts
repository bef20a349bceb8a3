// A chat's messages in fixed pages, so the prompt's history and the API's pages are reached by
// equality on an indexed key whatever the chat's length (ARCHITECTURE §2: FerretDB pushes only
// equality filters down; ranges, sorts and limits are evaluated after reading every match).
// Each message has a place `seq` (1, 2, ...) in its chat and the page key "<chatId>:<seq / 50>".

export const MESSAGE_PAGE_SIZE = 50;

export const pageNumberOf = (seq: number) => Math.floor(seq / MESSAGE_PAGE_SIZE);

export const pageKey = (chatId: string, pageNumber: number) => `${chatId}:${pageNumber}`;

/** The fields a message at place `seq` of a chat carries. */
export function messageFields(chatId: string, seq: number): { seq: number; page: string } {
  return { seq, page: pageKey(chatId, pageNumberOf(seq)) };
}
