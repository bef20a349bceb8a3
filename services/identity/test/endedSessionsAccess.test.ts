import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createSessionEnds, loadSessionEndsFrom, silentLogger } from '@lakorn/service-kit';
import { harnessPerFile, openSecondHost, type SecondHost } from '@lakorn/service-kit/testing';
import { identityHarness, signIn } from './support/harness';

// The list of ended sessions is for Lakorn's own processes (service-kit README "Internal routes"):
// this machine's, or a caller presenting INTERNAL_TOKEN; never an anonymous caller elsewhere.
jest.setTimeout(60_000);

const TOKEN = 'identity-internal-token-0123456789abcdef';
const h = harnessPerFile(() => identityHarness('endedaccess', { internalToken: TOKEN }));

describe("identity's list of ended sessions", () => {
  test('refuses a caller a proxy relayed without the service credential (401) or with a wrong one (403)', async () => {
    const anonymous = await request(h.app).get('/internal/sessions/ended?since=0').set('X-Forwarded-For', '198.51.100.7');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toHaveProperty('ends');
    const wrong = await request(h.app).get('/internal/sessions/ended?since=0').set('X-Forwarded-For', '198.51.100.7').set('Authorization', 'Bearer guessed');
    expect(wrong.status).toBe(403);
    expect(wrong.body).not.toHaveProperty('ends');
  });

  test("answers the service credential, and this machine's own processes", async () => {
    const { cookie } = await signIn(h.app, 'ended-list@example.test', 'List');
    await request(h.app).post('/api/auth/logout').set('Cookie', cookie).expect(204);
    const relayed = await request(h.app).get('/internal/sessions/ended?since=0').set('X-Forwarded-For', '198.51.100.7').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(relayed.body.ends.length).toBeGreaterThan(0);
    await request(h.app).get('/internal/sessions/ended?since=0').expect(200);
  });

  describe('from another machine', () => {
    let second: SecondHost;
    let server: Server;
    let url: string;
    beforeAll(async () => {
      second = await openSecondHost();
      server = await new Promise<Server>((resolve) => {
        const s = h.app.listen(0, second.hostAddress, () => resolve(s));
      });
      url = `http://${second.hostAddress}:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await second?.close();
    });

    test('refuses an anonymous caller; a service reloading with INTERNAL_TOKEN (service-kit loadSessionEndsFrom) gets the list', async () => {
      const anonymous = await second.fetch(`${url}/internal/sessions/ended?since=0`);
      expect(anonymous.status).toBe(401);
      const ends = createSessionEnds({ load: loadSessionEndsFrom(url, { internalToken: TOKEN }), logger: silentLogger() });
      await ends.refresh();
      expect(ends.loaded()).toBe(true);
      await expect(loadSessionEndsFrom(url)(0)).rejects.toThrow(/401/);
    });
  });
});
