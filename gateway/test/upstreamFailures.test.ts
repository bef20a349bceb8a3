import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { testGateway } from './support/gateway';

// ARCHITECTURE §6: a service's failure gets an honest answer from the gateway, and a proxied event
// stream never hangs: it ends with an `error` event as soon as its upstream fails or goes silent.

type Behaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A chat stand-in whose next answer the test chooses. */
async function upstream() {
  let behaviour: Behaviour = (_req, res) => res.end('{}');
  const server = http.createServer((req, res) => behaviour(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    answer: (next: Behaviour) => (behaviour = next),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const cookie = sessionCookie(testActor());

/** GET through the gateway; resolves with the status, content type and the whole body. */
function get(base: string, path: string, accept = 'application/json'): Promise<{ status: number; type: string; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { cookie, accept } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body, ms: Date.now() - started }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

let chat: Awaited<ReturnType<typeof upstream>>;
let gateway: Awaited<ReturnType<typeof listen>>;
const others = { IDENTITY_URL: 'http://127.0.0.1:1', CATALOG_URL: 'http://127.0.0.1:1', WALLET_URL: 'http://127.0.0.1:1', CHECKIN_URL: 'http://127.0.0.1:1' };

beforeAll(async () => {
  chat = await upstream();
  const app = testGateway(undefined, { ...others, CHAT_URL: chat.url, STREAM_IDLE_MS: '300', UPSTREAM_TIMEOUT_MS: '1000' });
  gateway = await listen(app);
});
afterAll(async () => {
  gateway.server.closeAllConnections();
  await new Promise<void>((resolve) => gateway.server.close(() => resolve()));
  await chat.close();
});

describe('a service failing behind the gateway', () => {
  test('a service that cannot be reached answers 503 with the unavailable code', async () => {
    const res = await get(gateway.base, '/api/news');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toEqual({ message: 'Service unavailable', code: ERROR_CODES.unavailable });
  });

  test('a service that dies before answering answers 502 with the upstream-failed code', async () => {
    chat.answer((req) => req.socket.destroy());
    const res = await get(gateway.base, '/api/chats');
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body)).toMatchObject({ code: ERROR_CODES.upstreamFailed });
  });

  test('a service silent past the upstream limit answers 504 with the timeout code', async () => {
    chat.answer(() => undefined);
    const res = await get(gateway.base, '/api/chats');
    expect(res.status).toBe(504);
    expect(JSON.parse(res.body)).toMatchObject({ code: ERROR_CODES.upstreamTimeout });
  });
});

describe('a proxied event stream never hangs', () => {
  test('the stream ends with an error event as soon as the service dies mid-reply', async () => {
    chat.answer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: start\ndata: {"cost":3}\n\n');
      setTimeout(() => req.socket.destroy(), 20);
    });
    const res = await get(gateway.base, '/api/chats', 'text/event-stream');
    expect(res.status).toBe(200);
    const [first, last] = res.body.trim().split('\n\n');
    expect(first).toBe('event: start\ndata: {"cost":3}');
    expect(last).toBe(`event: error\ndata: ${JSON.stringify({ message: 'Service failed', code: ERROR_CODES.upstreamFailed, status: 502 })}`);
    // Well before the idle limit: the cut itself ended it.
    expect(res.ms).toBeLessThan(300);
  });

  test('a stream silent for the idle limit ends with an error event, and the service is let go', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    chat.answer((_req, res) => {
      res.on('close', upstreamClosed);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: start\ndata: {}\n\n');
    });
    const res = await get(gateway.base, '/api/chats', 'text/event-stream');
    expect(res.body.trim().split('\n\n').at(-1)).toBe(
      `event: error\ndata: ${JSON.stringify({ message: 'Service timed out', code: ERROR_CODES.upstreamTimeout, status: 504 })}`,
    );
    await closed;
  });

  test('comments keep a slow stream alive past the idle limit and it ends as the service ends it', async () => {
    chat.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const ping = setInterval(() => res.write(': ping\n\n'), 100);
      setTimeout(() => {
        clearInterval(ping);
        res.end('event: done\ndata: {}\n\n');
      }, 700);
    });
    const res = await get(gateway.base, '/api/chats', 'text/event-stream');
    expect(res.body).not.toContain('event: error');
    expect(res.body.trim().split('\n\n').at(-1)).toBe('event: done\ndata: {}');
  });
});
