import { useSWRConfig } from 'swr';
import { MEMORY_ERROR_CODES, type ChatMemory, type ChatSummaryView, type Pin, type SummaryBody } from '@lakorn/contracts/web';
import { ApiError, errorMessage, getJson, mutate as apiMutate, useApi } from '@lakorn/shell-sdk';

const memoryPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/memory`;
export const summaryPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/summary`;
export const pinsPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/pins`;
const pinPath = (messageId: string) => `/api/messages/${encodeURIComponent(messageId)}/pin`;

/** spec §7: GET /api/chats/{id}/memory?t={timestamp} (always fresh when the dialog opens), with the note's paid room. */
export async function loadMemory(chatId: string): Promise<{ memory: string; paid: number }> {
  const answer = await getJson<ChatMemory>(`${memoryPath(chatId)}?t=${Date.now()}`);
  return { memory: answer?.memory ?? '', paid: answer?.paid ?? 0 };
}

/**
 * spec §4: saving empty text deletes the memory (DELETE, free), otherwise POST {memory, cost}: `cost`
 * is what the save button showed (the server refuses with 409 rather than charge more).
 */
export async function saveMemory(chatId: string, memory: string, cost: number): Promise<void> {
  if (memory.trim() === '') await apiMutate('DELETE', memoryPath(chatId));
  else await apiMutate('POST', memoryPath(chatId), { memory, cost });
}

/**
 * GET /api/chats/{id}/summary: the story so far, written by the chat in the background once turns
 * leave the model's window, so it is read afresh whenever a view of it mounts.
 */
export function useSummary(chatId: string | null) {
  return useApi<ChatSummaryView>(chatId ? summaryPath(chatId) : null, { maxAgeMs: 0 });
}

/** PUT /api/chats/{id}/summary: the member's own wording (blank empties it), at the `cost` its button showed. */
export function useSaveSummary(chatId: string) {
  const { mutate } = useSWRConfig();
  return async (summary: string, cost: number) => {
    const saved = await apiMutate<ChatSummaryView>('PUT', summaryPath(chatId), { summary, cost } satisfies Omit<SummaryBody, 'userId'>);
    await mutate(summaryPath(chatId), saved, { revalidate: false });
    return saved;
  };
}

/** GET /api/chats/{id}/pins: the chat's pinned messages in the chat's order, read afresh whenever a view of them mounts. */
export function usePins(chatId: string | null) {
  return useApi<Pin[]>(chatId ? pinsPath(chatId) : null, { maxAgeMs: 0 });
}

/** Why a pin was refused: one of the limits (the server's Thai text says which), or another failure. */
export function pinRefusal(error: unknown): string | null {
  if (error instanceof ApiError && (error.code === MEMORY_ERROR_CODES.pinLimit || error.code === MEMORY_ERROR_CODES.pinTokens)) return error.serverMessage ? errorMessage(error) : null;
  return null;
}

/**
 * Pin and unpin a message of the chat (POST/DELETE /api/messages/{id}/pin); the chat's pin list
 * (usePins) is read again after each. A refused pin throws the ApiError (pinRefusal names a limit).
 */
export function usePinActions(chatId: string) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(pinsPath(chatId));
  return {
    pin: async (messageId: string) => {
      const pin = await apiMutate<Pin>('POST', pinPath(messageId));
      await refresh();
      return pin;
    },
    unpin: async (messageId: string) => {
      await apiMutate('DELETE', pinPath(messageId));
      await refresh();
    },
  };
}
