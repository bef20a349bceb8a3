import type { ChatMemory } from '@lakorn/contracts/web';
import { getJson, mutate as apiMutate } from '@lakorn/shell-sdk';

const memoryPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/memory`;

/** spec §7: GET /api/chats/{id}/memory?t={timestamp} (always fresh when the dialog opens). */
export async function loadMemory(chatId: string): Promise<string> {
  const answer = await getJson<ChatMemory>(`${memoryPath(chatId)}?t=${Date.now()}`);
  return answer?.memory ?? '';
}

/** spec §4: saving empty text deletes the memory (DELETE), otherwise POST {memory}. */
export async function saveMemory(chatId: string, memory: string): Promise<void> {
  if (memory.trim() === '') await apiMutate('DELETE', memoryPath(chatId));
  else await apiMutate('POST', memoryPath(chatId), { memory });
}
