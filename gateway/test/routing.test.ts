import request from 'supertest';
import { harnessPerFile, sessionCookie, testActor } from '@lakorn/service-kit/testing';
import type { ServiceName } from '../src/api/routeTable';
import { deadUrl, startFakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

const fakes = harnessPerFile(startFakeServices);

const actor = testActor();
const cookie = sessionCookie(actor);

// One request per prefix of the route table (ARCHITECTURE §6), with the spec §7 call it stands for.
const ROUTES: Array<[method: 'get' | 'post' | 'put' | 'delete', path: string, service: ServiceName]> = [
  ['post', '/api/auth/verify', 'identity'],
  ['post', '/api/auth/logout', 'identity'],
  ['put', '/api/users/profile', 'identity'],
  ['get', `/api/users/${actor.id}?_t=1`, 'identity'],

  ['get', '/api/characters', 'catalog'],
  ['get', '/api/characters/public?genre=romance', 'catalog'],
  ['post', '/api/characters', 'catalog'],
  ['post', '/api/upload/character-image', 'catalog'],
  ['get', '/character-images/abc.png', 'catalog'],
  ['get', '/uploads/character-images/abc.png?retry=1', 'catalog'],

  // Reports, moderation and the audit log are the catalog's (it owns the characters).
  ['post', '/api/characters/c1/reports', 'catalog'],
  ['get', '/api/admin/reports?status=open', 'catalog'],
  ['post', '/api/admin/reports/r1/resolve', 'catalog'],
  ['put', '/api/admin/characters/c1/moderation', 'catalog'],
  ['get', '/api/admin/audit?limit=20', 'catalog'],
  ['post', '/api/users/me/age-confirmation', 'identity'],

  ['post', '/api/chats', 'chat'],
  ['get', '/api/chats/c1/memory?t=5', 'chat'],
  ['post', '/api/messages', 'chat'],
  ['get', '/api/messages/chat/c1', 'chat'],
  // Edit, rewind and branch: under the same prefixes, no rows of their own (services/chat README).
  ['put', '/api/messages/m1', 'chat'],
  ['delete', '/api/chats/c1/messages?from=m1&count=2', 'chat'],
  ['post', '/api/chats/c1/branch', 'chat'],
  ['post', '/api/personas', 'chat'],
  ['delete', '/api/personas/p1', 'chat'],

  ['post', '/api/coins/redeem', 'wallet'],
  ['post', '/api/payments/promptpay', 'wallet'],
  ['get', '/api/payments/status/pi_1', 'wallet'],
  ['get', '/api/payment-system/status', 'wallet'],
  ['get', `/api/admin/promo-codes?userId=${actor.uid}`, 'wallet'],
  ['put', '/api/admin/promo-codes/p1', 'wallet'],
  ['post', '/api/admin/registration-bonus', 'wallet'],
  ['post', '/api/admin/payment-system', 'wallet'],

  ['get', '/api/news', 'checkin'],
  ['get', '/api/special-checkin-days', 'checkin'],
  ['get', '/api/daily-coin-settings', 'checkin'],
  ['post', '/api/checkin', 'checkin'],
  ['get', `/api/checkin/monthly/${actor.id}/2025/4`, 'checkin'],
  ['post', '/api/admin/news', 'checkin'],
  ['delete', '/api/admin/special-checkin-days/d1', 'checkin'],
  ['post', '/api/admin/daily-coin-settings', 'checkin'],
];

describe('routing /api/* to the services', () => {
  const app = () => testGateway(fakes);

  test.each(ROUTES)('%s %s goes to %s with its path and query unchanged', async (method, path, service) => {
    const before = fakes.received.length;
    const res = await request(app())[method](path).set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ service, method: method.toUpperCase(), url: path });
    expect(fakes.received.length).toBe(before + 1);
  });

  test('forwards the session cookie, x-request-id and X-Forwarded-* headers, and the reply cookies', async () => {
    const res = await request(testGateway(fakes, { ALLOWED_HOSTS: 'lakorn.example' }))
      .post('/api/chats')
      .set('Cookie', `${cookie}; theme=dark`)
      .set('x-request-id', 'req-123')
      .set('Host', 'lakorn.example')
      .send({ characterId: 'c1', newChat: true });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(res.headers['set-cookie']).toEqual(['seen_by=chat; Path=/']);
    const seen = fakes.received.at(-1)!;
    expect(seen.headers.cookie).toBe(`${cookie}; theme=dark`);
    expect(seen.headers['x-request-id']).toBe('req-123');
    expect(seen.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe('lakorn.example');
    expect(seen.headers.host).toBe('lakorn.example');
  });

  test("replaces a client's own X-Forwarded-* headers: the services trust what the gateway sends", async () => {
    await request(testGateway(fakes, { ALLOWED_HOSTS: 'lakorn.example' }))
      .get('/api/news')
      .set('Cookie', cookie)
      .set('Host', 'lakorn.example')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https');
    const seen = fakes.received.at(-1)!;
    expect(seen.headers['x-forwarded-for']).not.toContain('203.0.113.9');
    expect(seen.headers['x-forwarded-host']).toBe('lakorn.example');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
  });

  test('keeps X-Forwarded-* from a proxy the gateway is told to trust (TRUST_PROXY)', async () => {
    await request(testGateway(fakes, { TRUST_PROXY: 'loopback' }))
      .get('/api/news')
      .set('Cookie', cookie)
      .set('X-Forwarded-For', '203.0.113.9')
      .set('X-Forwarded-Host', 'lakorn.example');
    const seen = fakes.received.at(-1)!;
    expect(seen.headers['x-forwarded-for']).toMatch(/^203\.0\.113\.9, ?(::ffff:)?127\.0\.0\.1$/);
    expect(seen.headers['x-forwarded-host']).toBe('lakorn.example');
  });

  test('gives a request without an id a fresh one, upstream and in the reply', async () => {
    const res = await request(app()).get('/api/news').set('Cookie', cookie);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fakes.received.at(-1)!.headers['x-request-id']).toBe(id);
  });

  test('forwards a JSON body as the original bytes', async () => {
    const raw = '{ "characterId" :"c1",\n  "userId": "' + actor.id + '", "note": "ละคร" }';
    const res = await request(app()).post('/api/chats').set('Cookie', cookie).type('json').send(raw);
    expect(res.status).toBe(200);
    expect(fakes.received.at(-1)!.body.toString('utf8')).toBe(raw);
  });

  test.each([
    ['/api/unknown'],
    ['/api/admin/users'],
    ['/api/charactersx'],
    ['/api'],
  ])('answers 404 JSON for %s, which no service owns', async (path) => {
    const before = fakes.received.length;
    const res = await request(app()).get(path).set('Cookie', cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect(fakes.received.length).toBe(before);
  });

  test('answers 503 JSON when a service cannot be reached', async () => {
    const gateway = testGateway(fakes, { WALLET_URL: await deadUrl() });
    const res = await request(gateway).post('/api/coins/redeem').set('Cookie', cookie).send({ code: 'X' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Service unavailable', code: 'UNAVAILABLE' });
    // The other services are unaffected.
    expect((await request(gateway).get('/api/news').set('Cookie', cookie)).status).toBe(200);
  });
});

describe('health', () => {
  test('GET /healthz answers ok without asking the services', async () => {
    const res = await request(testGateway(undefined, { IDENTITY_URL: await deadUrl() })).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  test('the liveness probe answers HEAD and a query string too, and nothing else is taken for it', async () => {
    const app = testGateway(undefined);
    expect((await request(app).head('/healthz')).status).toBe(200);
    expect((await request(app).get('/healthz?probe=lb')).body).toEqual({ status: 'ok' });
    expect((await request(app).post('/healthz')).status).toBe(404);
    expect((await request(app).get('/healthzx')).status).not.toBe(200);
  });

  test('GET /readyz is 200 only when every service reports ready', async () => {
    const app = testGateway(fakes);
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ identity: true, catalog: true, chat: true, wallet: true, checkin: true });

    fakes.ready.wallet = false;
    try {
      const notReady = await request(app).get('/readyz');
      expect(notReady.status).toBe(503);
      expect(notReady.body.checks.wallet).toBe(false);
      expect(notReady.body.checks.chat).toBe(true);
    } finally {
      fakes.ready.wallet = true;
    }
  });

  test('GET /readyz is 503 when a service does not answer at all', async () => {
    const res = await request(testGateway(fakes, { CHECKIN_URL: await deadUrl() })).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks.checkin).toBe(false);
  });
});
