import type { Chat, ChatSummary, Message, Persona, Profile, SendMessageResult } from '@lakorn/contracts/web';
import { fixtureOf, member, mockApi, renderWithShell, type Reply, type Routes } from '@lakorn/shell-sdk/testing';
import App from '../src/App';

export type Route = Reply;

/**
 * The kit's fake API, where the session's profile refresh (after sends and coin changes) answers the
 * member and chat1's pins (every chat room reads them) are none, unless a test says otherwise.
 */
export const mockChatApi = (routes: Routes) =>
  mockApi({ [`GET /api/users/${member.id}`]: { body: member }, 'GET /api/chats/chat1/pins': { body: [] }, ...routes });

/** A server-sent event stream the test writes to: `event(name, data)`, then `close()`. */
export function sseStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    event(name: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}

/** The chat remote at `path` under the shell's providers, as the member with `user`'s changes. */
export const renderApp = (path: string, user: Partial<Profile> = {}) => renderWithShell(<App />, { path, profile: { ...member, ...user } });

export function chatSummary(overrides: Partial<ChatSummary> = {}): ChatSummary {
  return {
    id: 'chat1',
    userId: member.id,
    characterId: 'char1',
    character: { id: 'char1', name: 'ดาวเหนือ', genre: 'romantic', description: 'สาวริมทะเล', profileUrl: '' },
    lastMessage: 'สวัสดีค่ะ',
    lastUpdated: new Date(Date.now() - 5 * 60_000).toISOString(),
    createdAt: '2025-01-01T00:00:00.000Z',
    blocked: null,
    ...overrides,
  };
}

export const chat = (overrides: Partial<Chat> = {}): Chat => ({ ...chatSummary(), memory: '', ...overrides });

export const message = fixtureOf<Message>({
  id: 'm1',
  chatId: 'chat1',
  content: 'สวัสดีค่ะ',
  isUser: false,
  timestamp: '2025-01-08T07:05:00.000Z',
  userId: member.id,
  persona: null,
  offline: false,
});

export const persona = fixtureOf<Persona>({
  id: 'persona1',
  userId: member.id,
  name: 'อาทิตย์',
  appearance: 'ตัวสูง',
  personality: 'ร่าเริง ชอบแกล้งเพื่อน รักดนตรีและการเดินทางไกล',
  background: 'นักดนตรี',
  profileUrl: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

export function sendResult(content: string, reply: string, overrides: Partial<SendMessageResult> = {}): SendMessageResult {
  return {
    userMessage: message({ id: 'u-new', content, isUser: true, timestamp: new Date().toISOString() }),
    aiMessage: message({ id: 'u-new-r', content: reply, timestamp: new Date().toISOString() }),
    cost: Array.from(content).length,
    balance: 0,
    ...overrides,
  };
}
