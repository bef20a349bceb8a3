import useSWR, { useSWRConfig } from 'swr';
import type { Chat, ChatSummary, CharacterSummary } from '@lakorn/contracts/web';
import { getJson, mutate as apiMutate, useApi } from '@lakorn/shell-sdk';

export const myCharactersPath = (userId: string) => `/api/characters/user/${encodeURIComponent(userId)}`;
export const myChatsPath = (userId: string) => `/api/chats/user/${encodeURIComponent(userId)}`;
export const roomsPath = (characterId: string) => `/api/chats/character/${encodeURIComponent(characterId)}`;

/** spec §7 GET /api/characters/user/{userId}: the strip of one's characters. */
export function useMyCharacters(userId: string) {
  return useApi<CharacterSummary[]>(myCharactersPath(userId));
}

/** spec §7 GET /api/chats/user/{userId}: the recent conversations, newest first. */
export function useMyChats(userId: string) {
  return useApi<ChatSummary[]>(myChatsPath(userId));
}

/**
 * spec §7 GET /api/chats/character/{characterId}. spec §8 silent case: a failed room-list fetch
 * yields an empty list.
 */
export function useRooms(characterId: string | null) {
  return useSWR<ChatSummary[]>(characterId ? roomsPath(characterId) : null, async (path: string) => {
    try {
      return (await getJson<ChatSummary[]>(path)) ?? [];
    } catch {
      return [];
    }
  });
}

/** spec §7 POST /api/chats: dialogs send the profile id as userId. */
export function createChat(userId: string, characterId: string): Promise<Chat> {
  return apiMutate<Chat>('POST', '/api/chats', { userId, characterId, newChat: true });
}

export function deleteChat(chatId: string): Promise<unknown> {
  return apiMutate('DELETE', `/api/chats/${encodeURIComponent(chatId)}`);
}

export function deleteCharacter(characterId: string): Promise<unknown> {
  return apiMutate('DELETE', `/api/characters/${encodeURIComponent(characterId)}`);
}

/** Refreshes the library's lists after an action (spec §4: lists refresh). */
export function useLibraryRefresh(userId: string) {
  const { mutate } = useSWRConfig();
  return {
    characters: () => mutate(myCharactersPath(userId)),
    chats: () => mutate(myChatsPath(userId)),
    rooms: (characterId: string) => mutate(roomsPath(characterId)),
  };
}
