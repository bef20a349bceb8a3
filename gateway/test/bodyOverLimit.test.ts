import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BODY_TOO_LARGE_MESSAGE } from '@lakorn/service-kit';
import { harnessPerFile, sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { startFakeServices } from './support/fakeServices';
import { answerAfterBody } from '../src/http/unreadBody';
import { testGateway } from './support/gateway';

// ARCHITECTURE §6: every refusal is a JSON answer the client can read. A body far over the cap is
// read off the wire (bounded) after the answer, so the client never sees a closed connection in
// place of it (EPIPE, ECONNRESET) however slowly it sends.
jest.setTimeout(120_000);

const fakes = harnessPerFile(startFakeServices);
const MB = 1024 * 1024;
const BODY = 10 * MB;
const CHUNK = 64 * 1024;

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer(testGateway(fakes));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Outcome = { status: number; body: unknown; written: number } | { error: string; written: number };

/** Writes `BODY` bytes in chunks, a turn of the event loop apart, and reports what came back. */
function sendSlowly(path: string, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    let written = 0;
    let answer: { status: number; body: unknown } | undefined;
    let finished = false;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        try {
          answer = { status: res.statusCode ?? 0, body: JSON.parse(text) };
        } catch {
          settle({ error: `unparsable answer ${res.statusCode}: ${text.slice(0, 80)}`, written });
          return;
        }
        // The whole body went out too, or the connection stays usable: no error is pending.
        if (finished) settle({ ...answer, written });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message, written }));
    const chunk = Buffer.alloc(CHUNK, 0x61);
    const writeNext = () => {
      if (settled) return;
      if (written >= BODY) {
        req.end(() => {
          finished = true;
          if (answer) settle({ ...answer, written });
        });
        return;
      }
      written += CHUNK;
      if (req.write(chunk)) setImmediate(writeNext);
      else req.once('drain', writeNext);
    };
    writeNext();
  });
}

describe('a body far over the cap', () => {
  const member = sessionCookie(testActor());
  const cases: Array<[string, string, Record<string, string>, number]> = [
    ['a visitor, chunked', '/api/messages', { 'content-type': 'application/json' }, 401],
    ['a visitor, with its length', '/api/messages', { 'content-type': 'application/json', 'content-length': String(BODY) }, 401],
    ['a member, chunked', '/api/messages', { 'content-type': 'application/json', cookie: member }, 413],
    ['a member, with its length', '/api/messages', { 'content-type': 'application/json', 'content-length': String(BODY), cookie: member }, 413],
  ];

  test.each(cases)('%s: 30 sends of 10 MB each get a JSON answer with a code, and no closed connection', async (_name, path, headers, status) => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 30; i += 1) outcomes.push(await sendSlowly(path, headers));
    const failures = outcomes.filter((o) => 'error' in o || o.status !== status);
    expect(failures).toEqual([]);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status, body: { code: expect.any(String), message: expect.any(String) } });
    if (status === 413) expect(outcomes[0]).toMatchObject({ body: { message: BODY_TOO_LARGE_MESSAGE, code: 'VALIDATION' } });
    expect(fakes.received.length).toBe(0);
  });
});

describe('the bound on what a refused request may still send', () => {
  test('past the bound the answer goes out with Connection: close and the rest is not read', async () => {
    const limit = 256 * 1024;
    let readAtAnswer = -1;
    const bounded = http.createServer((req, res) => {
      answerAfterBody(req, res, limit);
      res.on('finish', () => (readAtAnswer = req.socket.bytesRead));
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"UNAUTHENTICATED"}');
    });
    await new Promise<void>((resolve) => bounded.listen(0, '127.0.0.1', resolve));
    const at = (bounded.address() as AddressInfo).port;
    const answer = await new Promise<{ status: number; connection?: string }>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: at, method: 'POST', path: '/', headers: { 'content-length': String(BODY) }, agent: false }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
      });
      // Past the bound the socket closes under the writer: that is the bound working.
      req.on('error', () => undefined);
      req.end(Buffer.alloc(BODY, 0x61));
    });
    bounded.closeAllConnections();
    await new Promise<void>((resolve) => bounded.close(() => resolve()));
    expect(answer).toEqual({ status: 401, connection: 'close' });
    expect(readAtAnswer).toBeGreaterThan(limit);
    expect(readAtAnswer).toBeLessThan(limit + 2 * CHUNK);
  });
});
