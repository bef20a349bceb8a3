import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ERROR_CODES } from '@lakorn/contracts';
import { harnessPerFile } from '@lakorn/service-kit/testing';
import { UNKNOWN_HOST_MESSAGE } from '../src/http/servedHosts';
import { startFakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

// README "This machine only": a page on another site whose name its owner points at 127.0.0.1
// (DNS rebinding) reaches the gateway with its own name in Host. The gateway answers only the
// hosts it serves (PUBLIC_URL's, ALLOWED_HOSTS, the address the connection reached, and localhost
// on a loopback connection), so such a page can neither sign in as the admin nor read anything.
const fakes = harnessPerFile(startFakeServices);

type Answer = { status: number; body: string };

async function listen(env: Record<string, string> = {}) {
  const server = http.createServer(testGateway(fakes, env));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  /** One request whose Host header the test writes (fetch may not set it); undefined: none at all. */
  const ask = (path: string, host: string | undefined, options: { method?: string; body?: string } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', setHost: false, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      if (host !== undefined) req.setHeader('host', host);
      if (options.body !== undefined) req.setHeader('content-type', 'application/json');
      req.on('error', reject);
      req.end(options.body);
    });
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, ask, close };
}

const refusal = { message: UNKNOWN_HOST_MESSAGE, code: ERROR_CODES.unknownHost };

describe('the hosts the gateway serves', () => {
  test('on this machine: localhost and 127.0.0.1 with the port it listens on; any other name or port is 421 in Thai', async () => {
    const gateway = await listen();
    try {
      for (const host of [`localhost:${gateway.port}`, `127.0.0.1:${gateway.port}`, `LocalHost:${gateway.port}`]) {
        expect([host, (await gateway.ask('/remotes.json', host)).status]).toEqual([host, 200]);
      }
      for (const host of ['rebind.example', `rebind.example:${gateway.port}`, `localhost:${gateway.port + 1}`, 'localhost', `127.0.0.1.nip.io:${gateway.port}`, 'a@localhost']) {
        const answer = await gateway.ask('/remotes.json', host);
        expect([host, answer.status, JSON.parse(answer.body)]).toEqual([host, 421, refusal]);
      }
      // HTTP/1.0 may leave Host out (node refuses an HTTP/1.1 request without one): no host is none served.
      const raw = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = connect(gateway.port, '127.0.0.1', () => socket.end('GET /remotes.json HTTP/1.0\r\n\r\n'));
        socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text)).on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 421 /);
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual(refusal);
      expect(UNKNOWN_HOST_MESSAGE).toMatch(/[\u0E00-\u0E7F]/);
    } finally {
      await gateway.close();
    }
  });

  test('a rebinding page gets neither the development sign-in nor /metrics, and no service hears it', async () => {
    const gateway = await listen();
    const before = fakes.received.length;
    try {
      const signIn = await gateway.ask('/api/auth/dev/token', `rebind.example:${gateway.port}`, { method: 'POST', body: '{"email":"admin@lakorn.local","name":"A"}' });
      expect(signIn.status).toBe(421);
      expect((await gateway.ask('/metrics', `rebind.example:${gateway.port}`)).status).toBe(421);
      expect(fakes.received.length).toBe(before);
      // From the same machine under its own name, both answer.
      expect((await gateway.ask('/api/auth/dev/token', `localhost:${gateway.port}`, { method: 'POST', body: '{}' })).status).toBe(200);
      expect((await gateway.ask('/metrics', `localhost:${gateway.port}`)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  test("PUBLIC_URL's host, with or without its scheme's port, in any case", async () => {
    const gateway = await listen({ PUBLIC_URL: 'https://lakorn.example' });
    try {
      for (const host of ['lakorn.example', 'lakorn.example:443', 'LAKORN.Example']) expect([host, (await gateway.ask('/remotes.json', host)).status]).toEqual([host, 200]);
      for (const host of ['lakorn.example:8443', 'www.lakorn.example', 'lakorn.example.rebind.example']) {
        expect([host, (await gateway.ask('/remotes.json', host)).status]).toEqual([host, 421]);
      }
    } finally {
      await gateway.close();
    }
  });

  test('ALLOWED_HOSTS: a name on any port, or a name with the one port given', async () => {
    const gateway = await listen({ ALLOWED_HOSTS: 'laptop.local, 192.168.1.9:8080' });
    try {
      for (const host of ['laptop.local', 'laptop.local:8080', 'laptop.local:3000', '192.168.1.9:8080']) {
        expect([host, (await gateway.ask('/remotes.json', host)).status]).toEqual([host, 200]);
      }
      for (const host of ['192.168.1.9:9000', '192.168.1.9', 'other.local']) expect([host, (await gateway.ask('/remotes.json', host)).status]).toEqual([host, 421]);
    } finally {
      await gateway.close();
    }
  });

  test('the liveness probe answers whatever the host (it says nothing but "up")', async () => {
    const gateway = await listen();
    try {
      expect((await gateway.ask('/healthz', 'rebind.example')).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  test('refuses an ALLOWED_HOSTS entry that is no host at start', () => {
    expect(() => testGateway(fakes, { ALLOWED_HOSTS: 'https://lakorn.example/' })).toThrow(/ALLOWED_HOSTS/);
  });
});
