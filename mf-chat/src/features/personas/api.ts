import { useSWRConfig } from 'swr';
import type { ChatPersona, Persona } from '@lakorn/contracts/web';
import { mutate as apiMutate, useApi } from '@lakorn/shell-sdk';

export const personasPath = (userId: string) => `/api/personas/user/${encodeURIComponent(userId)}`;
export const chatPersonaPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/persona`;

export interface PersonaFields {
  name: string;
  appearance: string;
  personality: string;
  background: string;
}

/** GET /api/personas/user/{userId}. */
export function usePersonas(userId: string | null) {
  return useApi<Persona[]>(userId ? personasPath(userId) : null);
}

/** spec §7: POST /api/personas (fields plus userId), PUT /api/personas/{id}, DELETE /api/personas/{id}. */
export function usePersonaActions(userId: string) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(personasPath(userId));
  return {
    create: async (fields: PersonaFields) => {
      const persona = await apiMutate<Persona>('POST', '/api/personas', { ...fields, userId });
      await refresh();
      return persona;
    },
    update: async (id: string, fields: PersonaFields) => {
      const persona = await apiMutate<Persona>('PUT', `/api/personas/${encodeURIComponent(id)}`, { ...fields, userId });
      await refresh();
      return persona;
    },
    remove: async (id: string) => {
      await apiMutate('DELETE', `/api/personas/${encodeURIComponent(id)}`);
      await refresh();
    },
  };
}

/** GET /api/chats/{id}/persona: the persona saved for the chat (spec §4), loaded fresh. */
export function useChatPersona(chatId: string | null) {
  return useApi<ChatPersona>(chatId ? chatPersonaPath(chatId) : null);
}

/** spec §4: choosing a persona stores it on the chat; 'main identity' (null) removes it. */
export async function saveChatPersona(chatId: string, personaId: string | null): Promise<void> {
  if (personaId) await apiMutate('POST', chatPersonaPath(chatId), { personaId });
  else await apiMutate('DELETE', chatPersonaPath(chatId));
}

