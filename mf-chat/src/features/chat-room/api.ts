import useSWR from 'swr';
import {
  NEXT_CURSOR_HEADER,
  STREAM_EVENTS,
  type Chat,
  type Message,
  type PersonaContext,
  type SendMessageResult,
  type StreamError,
} from '@lakorn/contracts/web';
import { ApiError, getJson, mutate as apiMutate } from '@lakorn/shell-sdk';

export const chatPath = (id: string) => `/api/chats/${encodeURIComponent(id)}`;
export const messagesPath = (chatId: string) => `/api/messages/chat/${encodeURIComponent(chatId)}`;

/** spec §7: GET /api/chats/{id}?t={timestamp} and GET /api/messages/chat/{chatId}?t={timestamp}. */
const fresh = (path: string) => `${path}?t=${Date.now()}`;

export const loadChat = (id: string) => getJson<Chat>(fresh(chatPath(id)));

/** The chat screen reads its messages 50 at a time, newest first, older pages when scrolled to the top. */
export const MESSAGE_PAGE_SIZE = 50;

export interface MessagePage {
  /** Oldest first, like the unpaged array. */
  messages: Message[];
  /** The opaque cursor of the page before this one, or null when this page holds the oldest message. */
  olderCursor: string | null;
}

/**
 * GET /api/messages/chat/{chatId}?limit=N&before=<cursor>: the newest N messages before the
 * cursor (before none: the newest N). Null when the network is down (spec §7 GET rule).
 */
export async function loadMessagePage(chatId: string, options: { limit?: number; before?: string } = {}): Promise<MessagePage | null> {
  const query = new URLSearchParams({ limit: String(options.limit ?? MESSAGE_PAGE_SIZE) });
  if (options.before) query.set('before', options.before);
  query.set('t', String(Date.now()));
  let olderCursor: string | null = null;
  const messages = await getJson<Message[]>(`${messagesPath(chatId)}?${query.toString()}`, {
    onResponse: (response) => {
      olderCursor = response.headers.get(NEXT_CURSOR_HEADER) || null;
    },
  });
  return messages ? { messages, olderCursor } : null;
}

/** The newest page of the chat's messages; refreshed (SWR mutate) after every send. */
export function useNewestMessages(chatId: string) {
  return useSWR<MessagePage | null>(['chat-messages', chatId], () => loadMessagePage(chatId));
}

export function deleteChat(chatId: string): Promise<unknown> {
  return apiMutate('DELETE', chatPath(chatId));
}

export function createChat(userId: string, characterId: string): Promise<Chat> {
  return apiMutate<Chat>('POST', '/api/chats', { userId, characterId, newChat: true });
}

export interface SendBody {
  chatId: string;
  content: string;
  isUser: true;
  userId: string;
  personaId?: string;
  personaContext?: PersonaContext;
  /** The same id for a repeat: the server charges once. */
  clientMessageId: string;
}

/** The error a send failed with, as the server worded it (for spec §8's 'Not enough' check). */
export function sendErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * POST /api/messages asking for the reply as a server-sent event stream (ARCHITECTURE §7): the
 * reply's pieces go to onDelta as they arrive; resolves with the final result. A refusal before
 * the coins are taken (402...) or an `error` event is thrown as an ApiError.
 */
export async function sendMessage(body: SendBody, onDelta: (text: string) => void): Promise<SendMessageResult> {
  const response = await fetch('/api/messages', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    // Something between us and the service answered without streaming: the JSON result.
    return (await response.json()) as SendMessageResult;
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (!event || !data) continue;
      const payload: unknown = JSON.parse(data);
      if (event === STREAM_EVENTS.delta) onDelta((payload as { text: string }).text);
      else if (event === STREAM_EVENTS.done) {
        void reader.cancel().catch(() => undefined);
        return payload as SendMessageResult;
      } else if (event === STREAM_EVENTS.error) {
        const failure = payload as StreamError;
        throw new ApiError(failure.status, '', JSON.stringify({ message: failure.message, code: failure.code }));
      }
    }
    if (done) throw new Error('The reply stream ended before the reply was complete');
  }
}
