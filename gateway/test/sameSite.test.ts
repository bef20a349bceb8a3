import request from 'supertest';
import { ABUSE_MESSAGES, ERROR_CODES } from '@lakorn/contracts';
import { harnessPerFile, sessionCookie, testActor, waitUntil } from '@lakorn/service-kit/testing';
import { SSE_PATH, startFakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

const fakes = harnessPerFile(startFakeServices);
const cookie = sessionCookie(testActor());
const REFUSED = { message: ABUSE_MESSAGES.crossSite, code: ERROR_CODES.forbidden };

// ARCHITECTURE §5: the session cookie rides along with any request a browser sends to the site,
// so a state-changing request another site's page sends is refused before any service sees it.
describe('state-changing requests from another site', () => {
  const app = () => testGateway(fakes, { PUBLIC_URL: 'https://lakorn.example' });

  test.each(['post', 'put', 'patch', 'delete'] as const)('refuses %s with an Origin of another site (403, Thai)', async (method) => {
    const before = fakes.received.length;
    const res = await request(app())[method]('/api/coins/redeem').set('Cookie', cookie).set('Origin', 'https://evil.example').send({ code: 'X' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(fakes.received.length).toBe(before);
  });

  test('refuses Origin: null (a sandboxed frame of any site)', async () => {
    const res = await request(app()).post('/api/checkin').set('Cookie', cookie).set('Origin', 'null').send({});
    expect(res.status).toBe(403);
  });

  test('refuses a look-alike of the public origin (another scheme, host or port)', async () => {
    for (const origin of ['http://lakorn.example', 'https://lakorn.example.evil.example', 'https://lakorn.example:8443']) {
      const res = await request(app()).post('/api/checkin').set('Cookie', cookie).set('Origin', origin).send({});
      expect(res.status).toBe(403);
    }
  });

  test('refuses the cross-site sign-in too (it sets the session cookie)', async () => {
    const res = await request(app()).post('/api/auth/verify').set('Origin', 'https://evil.example').send({ credential: 'x' });
    expect(res.status).toBe(403);
  });

  test('passes a request without Origin (curl, server to server, the payment webhook)', async () => {
    expect((await request(app()).post('/api/checkin').set('Cookie', cookie).send({})).status).toBe(200);
    expect((await request(app()).post('/api/payments/webhook').send({})).status).toBe(200);
  });

  test('passes the origin the request was addressed to', async () => {
    const named = testGateway(fakes, { PUBLIC_URL: 'https://lakorn.example', ALLOWED_HOSTS: 'gateway.local' });
    const res = await request(named).post('/api/checkin').set('Cookie', cookie).set('Host', 'gateway.local:8080').set('Origin', 'http://gateway.local:8080').send({});
    expect(res.status).toBe(200);
  });

  test("passes PUBLIC_URL's origin (users behind a proxy that terminates TLS)", async () => {
    // The proxy passes the user's Host on (infra/docker/proxy); the request itself came over plain HTTP.
    const res = await request(app()).post('/api/checkin').set('Cookie', cookie).set('Host', 'lakorn.example').set('Origin', 'https://lakorn.example').send({});
    expect(res.status).toBe(200);
  });

  test('lets reads from another site through (GET changes nothing)', async () => {
    const res = await request(app()).get('/api/coins/balance').set('Cookie', cookie).set('Origin', 'https://evil.example');
    expect(res.status).toBe(200);
  });
});

describe('personal answers are never cached', () => {
  const app = () => testGateway(fakes);

  test('an /api answer to a member carries Cache-Control: no-store', async () => {
    for (const path of ['/api/coins/balance', '/api/users/me', '/api/chats/user/me', '/api/coins/transactions/x']) {
      const res = await request(app()).get(path).set('Cookie', cookie);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  test("a service's own Cache-Control is kept (it knows what may be cached)", async () => {
    const before = fakes.lastStream();
    const answer = request(app()).get(SSE_PATH).set('Cookie', cookie).then((res) => res);
    await waitUntil(() => fakes.lastStream() !== before);
    fakes.lastStream()!.release();
    expect((await answer).headers['cache-control']).toBe('no-cache');
  });
});
