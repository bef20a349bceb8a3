import useSWR from 'swr';
import {
  CHAT_ERROR_CODES,
  ERROR_CODES,
  NEXT_CURSOR_HEADER,
  SEND_OUTCOME_POLL_MS,
  SEND_OUTCOME_WAIT_MS,
  STREAM_EVENTS,
  type Chat,
  type EditMessageBody,
  type Message,
  type PersonaContext,
  type RatingResult,
  type RatingValue,
  type RewindResult,
  type SendMessageResult,
  type StreamError,
} from '@lakorn/contracts/web';
import { ApiError, errorMessage, getJson, mutate as apiMutate } from '@lakorn/shell-sdk';

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
  // shell-sdk errorMessage: the server's words, but a 400 VALIDATION in Thai.
  return errorMessage(error);
}

/** The coins a failed send gave back, as its answer says (0: none were taken), when it says. */
export function refundedOf(error: unknown): number | null {
  const refunded = error instanceof ApiError ? error.data?.refunded : undefined;
  return typeof refunded === 'number' ? refunded : null;
}

/**
 * A send whose answer did not arrive: the connection dropped, the gateway's 502 or 504, a stream
 * cut off, or the service's own 202 (recorded, not decided yet). It may have succeeded, so it is
 * never shown as failed before asking (ARCHITECTURE §6).
 */
export class SendAnswerLost extends Error {
  constructor(readonly decidedBy?: string) {
    super('The answer of the send was lost');
    this.name = 'SendAnswerLost';
  }
}

/** The gateway's answers for a service that died or fell silent mid-answer (ARCHITECTURE §6). */
const LOST_CODES = new Set<string>([ERROR_CODES.upstreamFailed, ERROR_CODES.upstreamTimeout, CHAT_ERROR_CODES.sendPending]);

const pendingOf = (data: { decidedBy?: unknown } | undefined) => new SendAnswerLost(typeof data?.decidedBy === 'string' ? data.decidedBy : undefined);

/** Reads a non-streamed answer: the result, SendAnswerLost when it may yet succeed, else the ApiError. */
async function resultOf(response: Response): Promise<SendMessageResult> {
  const text = await response.text().catch(() => '');
  if (response.status === 200) return JSON.parse(text) as SendMessageResult;
  const error = new ApiError(response.status, response.statusText, text);
  if (response.status === 202 || response.status === 502 || response.status === 504 || (error.code && LOST_CODES.has(error.code))) {
    throw pendingOf(error.data);
  }
  throw error;
}

/**
 * The member pressed stop while the reply streamed: what arrived so far is kept (chat README
 * "Another answer (swipes)").
 */
export class AnswerStopped extends Error {
  constructor() {
    super('The member stopped the answer');
    this.name = 'AnswerStopped';
  }
}

/**
 * POSTs `body` to `path` asking for the reply as a server-sent event stream (ARCHITECTURE §7): the
 * reply's pieces go to onDelta as they arrive; resolves with the final result. A refusal before
 * the coins are taken (402, 409...) or an `error` event is thrown as an ApiError; an answer that
 * was lost on the way as SendAnswerLost (ask awaitSendOutcome); a stop through `signal` as
 * AnswerStopped. A send (POST /api/messages) and another answer (POST
 * /api/messages/{id}/regenerate) are answered alike, so both read their answer here.
 */
export async function streamAnswer<T = SendMessageResult>(path: string, body: unknown, onDelta: (text: string) => void, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    if (signal?.aborted) throw new AnswerStopped();
    // No answer at all: the request may or may not have reached the service.
    throw new SendAnswerLost();
  }
  try {
    return await readAnswer<T>(response, onDelta, signal);
  } catch (error) {
    if (signal?.aborted) throw new AnswerStopped();
    if (error instanceof ApiError || error instanceof SendAnswerLost) throw error;
    // The connection broke while the stream was read.
    throw new SendAnswerLost();
  }
}

/** POST /api/messages (spec §7), streamed. */
export const sendMessage = (body: SendBody, onDelta: (text: string) => void, signal?: AbortSignal) => streamAnswer('/api/messages', body, onDelta, signal);

async function readAnswer<T>(response: Response, onDelta: (text: string) => void, signal?: AbortSignal): Promise<T> {
  if (response.status !== 200) return resultOf(response) as Promise<T>;
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    // Something between us and the service answered without streaming: the JSON result.
    return (await response.json()) as T;
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  // A stop ends the reading at once, whatever the fetch does with its signal mid-body.
  signal?.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
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
        return payload as T;
      } else if (event === STREAM_EVENTS.error) {
        const failure = payload as StreamError;
        if (failure.status === 202 || (failure.code && LOST_CODES.has(failure.code))) throw pendingOf(failure);
        throw new ApiError(failure.status, '', JSON.stringify({ message: failure.message, code: failure.code, refunded: failure.refunded }));
      }
    }
    // Ended without its last event: cut off on the way.
    if (done) throw new SendAnswerLost();
  }
}

const messagePath = (id: string) => `/api/messages/${encodeURIComponent(id)}`;

/**
 * POST /api/messages/{id}/regenerate: another answer for the chat's latest reply, streamed and
 * answered like a send (its `aiMessage` is the new answer). `clientMessageId` makes a repeat one
 * charge.
 */
export const regenerateReply = (replyId: string, clientMessageId: string, onDelta: (text: string) => void, signal?: AbortSignal) =>
  streamAnswer(`${messagePath(replyId)}/regenerate`, { clientMessageId }, onDelta, signal);

/** PUT /api/messages/{id}/selected: which of a reply's (or the greeting's) alternatives counts (free). */
export function selectAlternative(messageId: string, index: number): Promise<Message> {
  return apiMutate<Message>('PUT', `${messagePath(messageId)}/selected`, { index });
}

/** PUT /api/messages/{id}: a reply's (its selected alternative's) or the member's own message's new text, paid past what it has paid. */
export function editMessage(messageId: string, content: string, cost: number): Promise<Message> {
  // `cost` is what the save button showed: the server refuses (409) rather than charge more.
  return apiMutate<Message>('PUT', messagePath(messageId), { content, cost } satisfies Omit<EditMessageBody, 'userId'>);
}

/**
 * DELETE /api/chats/{id}/messages?from={messageId}&count={n}: that message and every later one go
 * (free; spending is not given back). `count` is what the confirm named: a different number now
 * is refused with 409 REWIND_COUNT_CHANGED and the true count, to confirm again.
 */
export function rewindChat(chatId: string, fromMessageId: string, count: number): Promise<RewindResult> {
  const query = new URLSearchParams({ from: fromMessageId, count: String(count) });
  return apiMutate<RewindResult>('DELETE', `${chatPath(chatId)}/messages?${query.toString()}`);
}

/** POST /api/chats/{id}/branch: a new chat whose history is a copy up to and including that message (free). */
export function branchChat(chatId: string, userId: string, fromMessageId: string): Promise<Chat> {
  return apiMutate<Chat>('POST', `${chatPath(chatId)}/branch`, { userId, fromMessageId });
}

/** What the member is told when a lost send's outcome cannot be learned in time. */
export class SendOutcomeUnknown extends Error {
  constructor() {
    super('The outcome of the send could not be learned');
    this.name = 'SendOutcomeUnknown';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After SendAnswerLost: asks (`ask`) every SEND_OUTCOME_POLL_MS until it answers the result
 * (resolved), the refusal (the ApiError: 402, 503 with `refunded`, 404 when the send never
 * arrived), or past the deadline SendOutcomeUnknown. A 202 (still under way), a 502/503/504 or a
 * dropped connection (the service restarting) mean ask again.
 */
async function awaitOutcome(ask: () => Promise<Response>, decidedBy?: string): Promise<SendMessageResult> {
  const deadlineOf = (by?: string) => Math.max(Date.now() + SEND_OUTCOME_WAIT_MS, by ? Date.parse(by) + 10 * SEND_OUTCOME_POLL_MS : 0);
  let deadline = deadlineOf(decidedBy);
  while (Date.now() < deadline) {
    await pause(SEND_OUTCOME_POLL_MS);
    let response: Response;
    try {
      response = await ask();
    } catch {
      continue;
    }
    if (response.status === 502 || response.status === 503 || response.status === 504) {
      const text = await response.text().catch(() => '');
      const error = new ApiError(response.status, response.statusText, text);
      // The chat service's own 503 is the send's outcome (no reply, coins given back).
      if (error.code === CHAT_ERROR_CODES.aiUnavailable) throw error;
      continue;
    }
    try {
      return await resultOf(response);
    } catch (error) {
      if (!(error instanceof SendAnswerLost)) throw error;
      if (error.decidedBy) deadline = Math.max(deadline, deadlineOf(error.decidedBy));
    }
  }
  throw new SendOutcomeUnknown();
}

/** A lost send's outcome: GET /api/messages/by-client-id/{id} (ARCHITECTURE §6). */
export function awaitSendOutcome(clientMessageId: string, decidedBy?: string): Promise<SendMessageResult> {
  const path = `/api/messages/by-client-id/${encodeURIComponent(clientMessageId)}`;
  return awaitOutcome(() => fetch(`${path}?t=${Date.now()}`, { credentials: 'include' }), decidedBy);
}

/**
 * A lost regenerate's outcome: the same request again, as JSON. Its client id makes it one answer,
 * charged once: a repeat is answered with the first one's outcome (202 while it is undecided).
 */
export function awaitRegenerateOutcome(replyId: string, clientMessageId: string, decidedBy?: string): Promise<SendMessageResult> {
  return awaitOutcome(
    () =>
      fetch(`${messagePath(replyId)}/regenerate`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ clientMessageId }),
      }),
    decidedBy,
  );
}

/** POST /api/messages/{id}/rating: the member's thumb on a reply's selected answer (1 up, -1 down, 0 clears). */
export function rateMessage(messageId: string, value: RatingValue): Promise<RatingResult> {
  return apiMutate<RatingResult>('POST', `${messagePath(messageId)}/rating`, { value });
}
