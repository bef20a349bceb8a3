import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Chat, ChatSummary, CharacterSummary, Message, Persona, Profile, SendMessageResult } from '@lakorn/contracts/web';
import { SessionProvider, swrConfig, ToastProvider, useToast } from '@lakorn/shell-sdk';
import { ToastViewport } from '@lakorn/ui';
import App from '../src/App';

export const profile: Profile = {
  id: 'p1',
  uid: 'google-1',
  email: 'malee@example.test',
  username: 'มะลิ',
  profileUrl: '',
  coins: 100,
  isAdmin: false,
  isOwner: false,
  seenMaintenanceNotice: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

type Reply = { status?: number; body?: unknown } | Response;
export type Route = Reply | ((init: RequestInit | undefined, url: URL) => Reply | Promise<Reply>);

export interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A fake API behind global.fetch: `routes` maps 'METHOD /path' (query ignored) to a reply, a
 * Response (streams), or a function of the request. Every call is recorded; unknown routes 404.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://lakorn.test');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: (init?.headers ?? {}) as Record<string, string> });
    // The session's profile refresh (after sends and coin changes) answers the test profile.
    const route = routes[`${method} ${url.pathname}`] ?? (method === 'GET' && url.pathname === `/api/users/${profile.id}` ? { body: profile } : undefined);
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const reply = typeof route === 'function' ? await route(init, url) : route;
    if (reply instanceof Response) return reply;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), { status });
  }) as unknown as typeof fetch;
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

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

function Toasts() {
  const { toasts, dismiss } = useToast();
  return <ToastViewport toasts={toasts} onDismiss={dismiss} />;
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The providers the shell gives a remote, with a fresh SWR cache, at `path`. */
export function renderWithShell(ui: ReactNode, { path = '/library', user = {} }: { path?: string; user?: Partial<Profile> } = {}) {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <ToastProvider>
        <SessionProvider initialProfile={{ ...profile, ...user }}>
          <MemoryRouter initialEntries={[path]}>
            {ui}
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
          <Toasts />
        </SessionProvider>
      </ToastProvider>
    </SWRConfig>,
  );
}

export const renderApp = (path: string, user: Partial<Profile> = {}) => renderWithShell(<App />, { path, user });

export const location = () => document.querySelector('[data-testid="location"]')?.textContent;

export function character(overrides: Partial<CharacterSummary> = {}): CharacterSummary {
  return {
    id: 'char1',
    userId: profile.id,
    name: 'ดาวเหนือ',
    age: '24',
    gender: 'female',
    genre: 'romantic',
    isPublic: true,
    isSpicy: false,
    description: 'สาวริมทะเล',
    profileUrl: '',
    likes: 0,
    creatorUsername: 'มะลิ',
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    personalityPreview: 'อ่อนโยน',
    ...overrides,
  };
}

export function chatSummary(overrides: Partial<ChatSummary> = {}): ChatSummary {
  return {
    id: 'chat1',
    userId: profile.id,
    characterId: 'char1',
    character: { id: 'char1', name: 'ดาวเหนือ', genre: 'romantic', description: 'สาวริมทะเล', profileUrl: '' },
    lastMessage: 'สวัสดีค่ะ',
    lastUpdated: new Date(Date.now() - 5 * 60_000).toISOString(),
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const chat = (overrides: Partial<Chat> = {}): Chat => ({ ...chatSummary(), memory: '', ...overrides });

export function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    chatId: 'chat1',
    content: 'สวัสดีค่ะ',
    isUser: false,
    timestamp: '2025-01-08T07:05:00.000Z',
    userId: profile.id,
    persona: null,
    offline: false,
    ...overrides,
  };
}

export function persona(overrides: Partial<Persona> = {}): Persona {
  return {
    id: 'persona1',
    userId: profile.id,
    name: 'อาทิตย์',
    appearance: 'ตัวสูง',
    personality: 'ร่าเริง ชอบแกล้งเพื่อน รักดนตรีและการเดินทางไกล',
    background: 'นักดนตรี',
    profileUrl: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function sendResult(content: string, reply: string, overrides: Partial<SendMessageResult> = {}): SendMessageResult {
  return {
    userMessage: message({ id: 'u-new', content, isUser: true, timestamp: new Date().toISOString() }),
    aiMessage: message({ id: 'u-new-r', content: reply, timestamp: new Date().toISOString() }),
    cost: Array.from(content).length,
    balance: 0,
    ...overrides,
  };
}
