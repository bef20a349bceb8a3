import { Router, type Request, type Response } from 'express';
import { AlternativeParams, MessagesOfChatParams, MessagesOfChatQuery, NEXT_CURSOR_HEADER, RegenerateBody, SelectAlternativeBody, SendByClientIdParams, SendMessageBody, STREAM_EVENTS, STREAM_PING_MS, type Message, type SendMessageResult, type StreamError } from '@lakorn/contracts';
import { assertSelf, DomainError, HttpError, parse, type Logger } from '@lakorn/service-kit';
import type { Answers } from '../domain/alternatives';
import type { Chats } from '../domain/chats';
import type { SendHooks, SendPhase, Sends } from '../domain/sends';
import { chatErrors } from './errors';
import { memberRoute, NoParams, noStore } from './member';

/** A client asking for the reply as it is written (ARCHITECTURE §7): `Accept: text/event-stream`. */
const wantsStream = (accept: string | undefined) => (accept ?? '').includes('text/event-stream');

function writeEvent(res: Response, event: string, data: unknown): void {
  // A client that left closes the socket; the send itself carries on and is kept (or refunded).
  if (res.writableEnded || res.destroyed) return;
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** spec §7 messages: the chat's messages, and sending one (JSON, or a server-sent event stream). */
export function messageRoutes({
  chats,
  sends,
  answers,
  logger,
  streamPingMs = STREAM_PING_MS,
}: {
  chats: Chats;
  sends: Sends;
  answers: Answers;
  logger: Logger;
  /** How often a quiet stream says it is alive (contracts STREAM_PING_MS; tests shorten it). */
  streamPingMs?: number;
}): Router {
  const router = Router();

  router.get('/api/messages/chat/:chatId', memberRoute(MessagesOfChatParams, async ({ actor, params: { chatId }, req, res }) => {
    const { limit, before } = parse(MessagesOfChatQuery, req.query);
    noStore(res);
    if (limit === undefined && before === undefined) {
      res.json((await chats.messages(actor, chatId)) satisfies Message[]);
      return;
    }
    const page = await chats.messagesPage(actor, chatId, { limit, before });
    if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.messages satisfies Message[]);
  }));

  // ARCHITECTURE §6: a client whose send's answer was lost asks what became of it (200 with the
  // send's answer or its refusal, 202 while undecided, 404 when it never arrived).
  router.get('/api/messages/by-client-id/:clientMessageId', memberRoute(SendByClientIdParams, async ({ actor, params: { clientMessageId }, res }) => {
    noStore(res);
    res.json((await sends.outcome(actor, clientMessageId)) satisfies SendMessageResult);
  }));

  router.post('/api/messages', memberRoute(NoParams, async ({ actor, req, res }) => {
    const { userId, isUser: _isUser, ...input } = parse(SendMessageBody, req.body);
    assertSelf(actor, userId);
    await answerSend(req, res, (hooks) => sends.send(actor, input, hooks));
  }));

  // chat README "Another answer": paid and answered exactly as a send (JSON or the same stream).
  router.post('/api/messages/:id/regenerate', memberRoute(AlternativeParams, async ({ actor, params: { id }, req, res }) => {
    const { userId, clientMessageId } = parse(RegenerateBody, req.body);
    assertSelf(actor, userId);
    await answerSend(req, res, (hooks) => sends.regenerate(actor, { replyId: id, clientMessageId }, hooks));
  }));

  router.put('/api/messages/:id/selected', memberRoute(AlternativeParams, async ({ actor, params: { id }, req, res }) => {
    const { userId, index } = parse(SelectAlternativeBody, req.body);
    assertSelf(actor, userId);
    res.json((await answers.select(actor, id, index)) satisfies Message);
  }));

  /**
   * A send's answer (POST /api/messages, and a regenerate): JSON, or with `Accept:
   * text/event-stream` a stream once the coins are taken. A streaming client that leaves stops the
   * reply: what was written is kept, paid (chat README "Stop").
   */
  async function answerSend(req: Request, res: Response, run: (hooks: SendHooks) => Promise<SendMessageResult>): Promise<void> {
    // Server-Timing: the steps the send waited on and the service's whole time (bench/sends).
    const started = performance.now();
    const timings: string[] = [];
    const onPhase = (phase: SendPhase, ms: number) => timings.push(`${phase};dur=${ms.toFixed(1)}`);
    const serverTiming = () => [...timings, `total;dur=${(performance.now() - started).toFixed(1)}`].join(', ');

    if (!wantsStream(req.headers.accept)) {
      const result = await run({ onPhase });
      res.setHeader('Server-Timing', serverTiming());
      res.json(result satisfies SendMessageResult);
      return;
    }

    // Failures before the coins are taken (400, 402, 404...) stay plain JSON errors; once the
    // debit is through, the answer is a 200 event stream that ends in `done` or `error`.
    let streaming = false;
    let ping: NodeJS.Timeout | undefined;
    const startStream = () => {
      if (streaming) return;
      streaming = true;
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      // Up to the first byte of the stream: the coins are taken, the reply starts.
      res.setHeader('Server-Timing', serverTiming());
      res.flushHeaders();
      // A model can think for longer than the gateway lets a stream stay silent: a comment every
      // few seconds (ignored by every SSE reader) shows the stream is alive.
      ping = setInterval(() => {
        if (!res.writableEnded && !res.destroyed) res.write(': ping\n\n');
      }, streamPingMs);
    };
    // The member stopped the reply: the client closed the stream before its end.
    const stop = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) stop.abort();
    });
    try {
      const result = await run({
        onDebited: (start) => {
          startStream();
          writeEvent(res, STREAM_EVENTS.start, start);
        },
        onDelta: (text) => writeEvent(res, STREAM_EVENTS.delta, { text }),
        onPhase,
        stop: stop.signal,
      });
      writeEvent(res, STREAM_EVENTS.done, result);
      res.end();
    } catch (error) {
      if (!streaming) throw error;
      // The same map as every JSON answer (routes/errors.ts), as the stream's last event.
      const answer = error instanceof DomainError ? chatErrors(error) : error instanceof HttpError ? error : undefined;
      // What a failed send gave back, or when an undecided one is decided at the latest.
      const { refunded, decidedBy } = answer?.extra ?? {};
      const body: StreamError = answer
        ? {
            message: answer.message,
            status: answer.status,
            ...(answer.code ? { code: answer.code } : {}),
            ...(typeof refunded === 'number' ? { refunded } : {}),
            ...(typeof decidedBy === 'string' ? { decidedBy } : {}),
          }
        : { message: 'Internal server error', status: 500 };
      if (!answer) logger.error({ err: error }, 'send failed while streaming');
      writeEvent(res, STREAM_EVENTS.error, body);
      res.end();
    } finally {
      clearInterval(ping);
    }
  }

  return router;
}
