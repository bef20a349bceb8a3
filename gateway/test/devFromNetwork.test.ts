import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ERROR_CODES, LOCAL_ONLY_MESSAGE } from '@lakorn/contracts';
import { openSecondHost, type SecondHost } from '@lakorn/service-kit/testing';
import { startFakeServices, type FakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

// ARCHITECTURE §5, §8: the development sign-in and the simulated bank answer this machine only;
// the gateway decides first (identity and wallet decide again behind it).
jest.setTimeout(60_000);

describe('development stand-ins through the gateway from another machine', () => {
  let fakes: FakeServices;
  let second: SecondHost;
  const servers: Server[] = [];

  async function gatewayOnNetwork(env: Record<string, string> = {}): Promise<string> {
    const app = testGateway(fakes, env);
    const server = await new Promise<Server>((resolve) => {
      const s = createServer(app).listen(0, second.hostAddress, () => resolve(s));
    });
    servers.push(server);
    return `http://${second.hostAddress}:${(server.address() as AddressInfo).port}`;
  }
  const devToken = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@lakorn.local', name: 'A' }) };

  beforeAll(async () => {
    fakes = await startFakeServices();
    second = await openSecondHost();
  });
  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await fakes.close();
    await second?.close();
  });

  it('refuses the development sign-in and the simulated "pay" with 403 and the Thai message before any service sees them', async () => {
    const url = await gatewayOnNetwork();
    const before = fakes.received.length;
    for (const [path, init] of [
      ['/api/auth/dev/token', devToken],
      ['/api/auth/dev/authorize?state=s', {}],
      ['/api/payments/simulate/pi_1', { method: 'POST' }],
      // Any letter case: express routes these to the same stand-ins (routeCasing.test.ts tries them all).
      ['/api/auth/DEV/token', devToken],
      ['/API/Payments/Simulate/pi_1', { method: 'POST' }],
      ['/api/auth/dev/token', { ...devToken, headers: { ...devToken.headers, 'x-forwarded-for': '127.0.0.1' } }],
    ] as const) {
      const res = await second.fetch(`${url}${path}`, init);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(JSON.parse(res.body)).toMatchObject({ message: LOCAL_ONLY_MESSAGE, code: ERROR_CODES.localOnly });
    }
    expect(fakes.received.length).toBe(before);
    // Everything else passes as before.
    expect((await second.fetch(`${url}/api/auth/config`)).status).toBe(200);
  });

  it('passes them on from this machine, and from another with ALLOW_DEV_FROM_NETWORK, telling the service who asked', async () => {
    await request(testGateway(fakes)).post('/api/auth/dev/token').send({ email: 'a@lakorn.local', name: 'A' }).expect(200);
    const url = await gatewayOnNetwork({ ALLOW_DEV_FROM_NETWORK: 'true' });
    const res = await second.fetch(`${url}/api/auth/dev/token`, devToken);
    expect(res.status).toBe(200);
    const seen = fakes.received.at(-1);
    expect(seen?.url).toBe('/api/auth/dev/token');
    // identity reads the last hop the gateway appended and decides again.
    expect(String(seen?.headers['x-forwarded-for']).split(',').at(-1)?.trim()).toBe(second.peerAddress);
  });
});
