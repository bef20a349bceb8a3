import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { Message } from '@lakorn/contracts/web';
import { loadMessagePage, useNewestMessages, type MessagePage } from './api';

export type OlderState = 'idle' | 'loading' | 'failed';

interface History {
  /** Every message read so far, oldest first. */
  list: Message[];
  loaded: boolean;
  /** Where the next older page starts; null once the oldest message is here. */
  olderCursor: string | null;
  older: OlderState;
  /** At least one older page was added (the start of the conversation can be marked). */
  pagedBack: boolean;
}

type Action =
  | { type: 'newest'; page: MessagePage }
  | { type: 'older-loading' }
  | { type: 'older-failed' }
  | { type: 'older'; page: MessagePage }
  | { type: 'replace'; message: Message };

const initial: History = { list: [], loaded: false, olderCursor: null, older: 'idle', pagedBack: false };

function reduce(state: History, action: Action): History {
  switch (action.type) {
    case 'newest': {
      const { messages, olderCursor } = action.page;
      // The newest page read again (after a send) slides forward: what it no longer holds is
      // still here in front of its first message, so the pages read before stay continuous.
      const at = state.loaded && messages.length > 0 ? state.list.findIndex((m) => m.id === messages[0]!.id) : -1;
      if (at >= 0) return { ...state, list: [...state.list.slice(0, at), ...messages] };
      return { ...state, list: messages, loaded: true, olderCursor, pagedBack: false };
    }
    case 'older-loading':
      return { ...state, older: 'loading' };
    case 'older-failed':
      return { ...state, older: 'failed' };
    case 'older': {
      const have = new Set(state.list.map((m) => m.id));
      const added = action.page.messages.filter((m) => !have.has(m.id));
      return { ...state, list: [...added, ...state.list], olderCursor: action.page.olderCursor, older: 'idle', pagedBack: true };
    }
    case 'replace':
      // An edit or a chosen answer, as the server answered it: wherever it is, older pages included.
      return { ...state, list: state.list.map((m) => (m.id === action.message.id ? action.message : m)) };
  }
}

/**
 * A chat's messages read a page (50) at a time: the newest page first and again after each send,
 * older pages on request (the screen asks when scrolled to the top), kept in order.
 */
export function useMessageHistory(chatId: string) {
  const newest = useNewestMessages(chatId);
  const [state, dispatch] = useReducer(reduce, initial);
  const loadingOlder = useRef(false);

  useEffect(() => {
    if (newest.data) dispatch({ type: 'newest', page: newest.data });
  }, [newest.data]);

  const { olderCursor } = state;
  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlder.current) return;
    loadingOlder.current = true;
    dispatch({ type: 'older-loading' });
    try {
      const page = await loadMessagePage(chatId, { before: olderCursor });
      // A network failure answers null (spec §7): it is a failure to show here, with a retry.
      dispatch(page ? { type: 'older', page } : { type: 'older-failed' });
    } catch {
      dispatch({ type: 'older-failed' });
    } finally {
      loadingOlder.current = false;
    }
  }, [chatId, olderCursor]);

  const { mutate } = newest;
  const refresh = useCallback(() => mutate(), [mutate]);
  const replace = useCallback((message: Message) => dispatch({ type: 'replace', message }), []);

  return {
    messages: state.list,
    loaded: state.loaded,
    error: newest.error as unknown,
    hasOlder: olderCursor !== null,
    older: state.older,
    pagedBack: state.pagedBack,
    loadOlder,
    refresh,
    replace,
  };
}
