import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { ERROR_CODES, LOCAL_ONLY_MESSAGE } from '@lakorn/contracts';
import { openSecondHost, type SecondHost } from '@lakorn/service-kit/testing';
import { identityHarness, type IdentityHarness } from './support/harness';

// ARCHITECTURE §5: the development sign-in lets anyone be anyone (the admin too), so identity
// itself answers it only to this machine, whatever the gateway in front of it decided.
jest.setTimeout(60_000);

describe('the development sign-in from another machine', () => {
  let second: SecondHost;
  const opened: Array<{ harness: IdentityHarness; server: Server }> = [];

  async function listenOnNetwork(allowDevFromNetwork: boolean): Promise<{ url: string; harness: IdentityHarness }> {
    const harness = await identityHarness(allowDevFromNetwork ? 'devopen' : 'devlocal', { allowDevFromNetwork });
    const server = await new Promise<Server>((resolve) => {
      const s = harness.app.listen(0, second.hostAddress, () => resolve(s));
    });
    opened.push({ harness, server });
    return { url: `http://${second.hostAddress}:${(server.address() as AddressInfo).port}`, harness };
  }

  beforeAll(async () => {
    second = await openSecondHost();
  });
  afterAll(async () => {
    for (const { harness, server } of opened) {
      await new Promise((resolve) => server.close(resolve));
      await harness.close();
    }
    await second?.close();
  });

  it('refuses the token and the sign-in page with 403 and the Thai message, while this machine still gets them', async () => {
    const { url, harness } = await listenOnNetwork(false);
    const body = JSON.stringify({ email: 'admin@lakorn.local', name: 'Admin' });
    const token = await second.fetch(`${url}/api/auth/dev/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(token.status).toBe(403);
    expect(JSON.parse(token.body)).toMatchObject({ message: LOCAL_ONLY_MESSAGE, code: ERROR_CODES.localOnly });
    expect((await second.fetch(`${url}/api/auth/dev/authorize?state=s`)).status).toBe(403);
    // Claiming to be this machine in X-Forwarded-For changes nothing: the socket is not loopback.
    const forged = await second.fetch(`${url}/api/auth/dev/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
      body,
    });
    expect(forged.status).toBe(403);
    // The rest of sign-in is not a development shortcut.
    expect((await second.fetch(`${url}/api/auth/config`)).status).toBe(200);
    await request(harness.app).post('/api/auth/dev/token').send({ email: 'a@lakorn.local', name: 'A' }).expect(200);
  });

  it('answers another machine when ALLOW_DEV_FROM_NETWORK opens it on purpose', async () => {
    const { url } = await listenOnNetwork(true);
    const token = await second.fetch(`${url}/api/auth/dev/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@lakorn.local', name: 'Member' }),
    });
    expect(token.status).toBe(200);
    expect(JSON.parse(token.body)).toHaveProperty('credential');
  });
});
