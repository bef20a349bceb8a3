import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from '@lakorn/service-kit/testing';

// A fake OpenAI-compatible chat-completions server (ARCHITECTURE §7), so the tests drive the real
// `openai` SDK over HTTP: non-streaming and streaming (server-sent events) completions, HTTP
// errors, a stream that breaks half way, and a model that never answers.

export interface CompletionRequest {
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: string }>;
  max_tokens?: number;
  temperature?: number;
}

export type Behaviour =
  | { reply: string; chunkSize?: number; chunkDelayMs?: number }
  /** An HTTP error answer (500, 429...). */
  | { status: number; message?: string }
  /** Streams `reply` up to `afterChars` (pieces `chunkDelayMs` apart, so they reach the caller), then drops the connection. */
  | { reply: string; breakAfterChars: number; chunkDelayMs?: number }
  /** Never answers (the caller's timeout must fire). */
  | { hang: true };

export interface FakeOpenAI {
  /** The SDK's baseURL: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: CompletionRequest[];
  /** Decides each answer; n is the 0-based number of the request. */
  behave(decide: (request: CompletionRequest, n: number) => Behaviour): void;
  close(): Promise<void>;
}

function chunksOf(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: CompletionRequest[] = [];
  let decide: (request: CompletionRequest, n: number) => Behaviour = () => ({ reply: '*ยิ้ม* สวัสดีค่ะ' });
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
          return;
        }
        if (req.headers.authorization !== 'Bearer test-key') {
          res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad key', type: 'invalid_request_error' } }));
          return;
        }
        const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as CompletionRequest;
        const request: CompletionRequest = { ...body, stream: body.stream === true };
        const n = requests.length;
        requests.push(request);
        const behaviour = decide(request, n);

        if ('hang' in behaviour) {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        if ('status' in behaviour) {
          res
            .writeHead(behaviour.status, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ error: { message: behaviour.message ?? 'The model is overloaded', type: 'server_error' } }));
          return;
        }
        const id = `chatcmpl-${n}`;
        const created = Math.floor(Date.now() / 1000);
        if (!request.stream) {
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({
              id,
              object: 'chat.completion',
              created,
              model: request.model,
              choices: [{ index: 0, message: { role: 'assistant', content: behaviour.reply }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            }),
          );
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        const send = (delta: Record<string, string>, finish: string | null) =>
          res.write(
            `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
          );
        send({ role: 'assistant', content: '' }, null);
        const breakAt = 'breakAfterChars' in behaviour ? behaviour.breakAfterChars : Infinity;
        const size = 'chunkSize' in behaviour && behaviour.chunkSize ? behaviour.chunkSize : 3;
        const delay = 'chunkDelayMs' in behaviour ? (behaviour.chunkDelayMs ?? 0) : 0;
        let sent = 0;
        for (const piece of chunksOf(behaviour.reply, size)) {
          if (sent >= breakAt) {
            res.socket?.destroy();
            return;
          }
          send({ content: piece }, null);
          sent += Array.from(piece).length;
          if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        }
        send({}, 'stop');
        res.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      decide = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      await closeServer(server);
    },
  };
}
