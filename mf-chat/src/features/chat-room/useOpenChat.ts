import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Character, Chat } from '@lakorn/contracts/web';
import { ApiError, getJson, useToast } from '@lakorn/shell-sdk';
import { createChat, loadChat, loadMessagePage } from './api';
import { CHAT_TEXT } from './messages';

export type OpenState = { status: 'loading' } | { status: 'ready'; chat: Chat } | { status: 'failed' };

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A chat by id, or null when there is none (404); other failures throw. */
async function chatOrNull(id: string): Promise<Chat | null> {
  try {
    return await loadChat(id);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * spec §4 "Chat open": load the chat by id; if not found, check messages by chat id; otherwise
 * treat the id as a character id, verify the character exists, and create a new chat (retrying
 * creation once), then show it at its own address. If creation fails, the chat is not shown.
 */
export function useOpenChat(id: string, userId: string): OpenState {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [state, setState] = useState<OpenState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    (async (): Promise<OpenState> => {
      try {
        const chat = await chatOrNull(id);
        if (chat) return { status: 'ready', chat };
        // Messages under this id mean it is a chat after all (it may have been created meanwhile).
        const page = await loadMessagePage(id, { limit: 1 }).catch(() => null);
        if (page && page.messages.length > 0) {
          const again = await chatOrNull(id);
          if (again) return { status: 'ready', chat: again };
        }
      } catch {
        return { status: 'failed' };
      }
      const character = await getJson<Character>(`/api/characters/${encodeURIComponent(id)}`).catch(() => null);
      if (!character) return { status: 'failed' };
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const chat = await createChat(userId, character.id);
          if (live) navigate(`/chat/${encodeURIComponent(chat.id)}`, { replace: true });
          return { status: 'ready', chat };
        } catch {
          // spec §4: creation is retried once.
        }
      }
      toast({ title: CHAT_TEXT.startFailedTitle, description: CHAT_TEXT.startFailed, variant: 'destructive' });
      return { status: 'failed' };
    })().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [id, userId, navigate, toast]);

  return state;
}
