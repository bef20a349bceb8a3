import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { SSE_PATH, startFakeServices, type FakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

let fakes: FakeServices;
let gateway: http.Server;
let base: string;
beforeAll(async () => {
  fakes = await startFakeServices();
  gateway = http.createServer(testGateway(fakes));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await fakes.close();
});

const cookie = sessionCookie(testActor());

function openStream(): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${SSE_PATH}`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => resolve({ res, req }));
    req.on('error', reject);
  });
}

function nextChunk(res: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => res.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
}

// ARCHITECTURE §7: chat replies stream to the browser as server-sent events; the gateway must not
// hold them back until the reply is complete.
describe('server-sent events through the gateway', () => {
  test('the client reads the first event while the service is still writing the reply', async () => {
    const { res } = await openStream();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');

    const first = await nextChunk(res);
    expect(first).toBe('event: token\ndata: {"text":"สวัสดี"}\n\n');
    const upstream = fakes.lastStream()!;
    // The upstream reply is still open: the event arrived ahead of the end, not with it.
    const settled = await Promise.race([upstream.closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 50))]);
    expect(settled).toBe('open');

    upstream.release();
    let rest = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (rest += chunk));
    await new Promise((resolve) => res.on('end', resolve));
    expect(rest).toBe('event: done\ndata: {}\n\n');
    expect(await upstream.closed).toEqual({ finished: true });
  });

  test('a client that leaves mid-reply closes the request to the service', async () => {
    const { res, req } = await openStream();
    await nextChunk(res);
    const upstream = fakes.lastStream()!;
    req.destroy();
    expect(await upstream.closed).toEqual({ finished: false });
    upstream.release();
  });
});
