import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { SESSION_COOKIE, SESSION_ENDED_CODE, SESSION_ENDED_MESSAGE } from '@lakorn/contracts';
import { signSessionToken } from '@lakorn/service-kit';
import { harnessPerFile, sessionCookie, sessionTokenWithout, testActor, testSessionKeys } from '@lakorn/service-kit/testing';
import { startFakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

const fakes = harnessPerFile(startFakeServices);

const NOT_SIGNED_IN = { message: 'Not signed in', code: 'UNAUTHENTICATED' };
const actor = testActor();
const claims = { sub: actor.id, uid: actor.uid, email: actor.email, isAdmin: false, isOwner: false };

function forgedToken(): string {
  const other = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return signSessionToken(claims, other.privateKey);
}

describe('the session on /api/* (ARCHITECTURE §5)', () => {
  const app = () => testGateway(fakes);

  test('refuses an API call without a session with 401 and never reaches the service', async () => {
    const before = fakes.received.length;
    const res = await request(app()).get('/api/news');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
    expect(fakes.received.length).toBe(before);
  });

  test('refuses a token signed by another key', async () => {
    const res = await request(app()).get('/api/news').set('Cookie', `${SESSION_COOKIE}=${forgedToken()}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });

  test('refuses an expired token', async () => {
    const expired = signSessionToken(claims, testSessionKeys().privateKey, -60);
    const res = await request(app()).get('/api/news').set('Cookie', `${SESSION_COOKIE}=${expired}`);
    expect(res.status).toBe(401);
  });

  test('refuses a token of our key without exp or iat as a session ended, and never reaches the service', async () => {
    const before = fakes.received.length;
    for (const without of [['exp'], ['iat']] as const) {
      const res = await request(app()).get('/api/news').set('Cookie', `${SESSION_COOKIE}=${sessionTokenWithout(actor, without)}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: SESSION_ENDED_MESSAGE, code: SESSION_ENDED_CODE });
    }
    expect(fakes.received.length).toBe(before);
  });

  test('refuses a forged Bearer token and accepts a valid one', async () => {
    const forged = await request(app()).get('/api/news').set('Authorization', `Bearer ${forgedToken()}`);
    expect(forged.status).toBe(401);
    const token = signSessionToken(claims, testSessionKeys().privateKey);
    const ok = await request(app()).get('/api/news').set('Authorization', `Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(fakes.received.at(-1)!.headers.authorization).toBe(`Bearer ${token}`);
  });

  test('passes a valid session cookie on unchanged so the service verifies it again', async () => {
    const cookie = sessionCookie(actor);
    const res = await request(app()).get('/api/news').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(fakes.received.at(-1)!.headers.cookie).toBe(cookie);
  });

  test.each([
    ['post', '/api/auth/verify'],
    ['post', '/api/auth/dev/token'],
    ['get', '/api/auth/dev'],
    ['post', '/api/auth/logout'],
  ] as const)('lets %s %s through without a session (sign-in, dev provider, logout)', async (method, path) => {
    const res = await request(app())[method](path);
    expect(res.status).toBe(200);
    expect(res.body.service).toBe('identity');
  });

  test('lets Stripe POST the payment webhook without a session, bytes unchanged', async () => {
    const payload = '{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1"}}}';
    const res = await request(app())
      .post('/api/payments/webhook')
      .set('Stripe-Signature', 't=1,v1=abc')
      .type('json')
      .send(payload);
    expect(res.status).toBe(200);
    const seen = fakes.received.at(-1)!;
    expect(seen.url).toBe('/api/payments/webhook');
    expect(seen.body.toString('utf8')).toBe(payload);
    expect(seen.headers['stripe-signature']).toBe('t=1,v1=abc');
  });

  test('only the webhook POST is open: other payment calls still need a session', async () => {
    expect((await request(app()).get('/api/payments/webhook')).status).toBe(401);
    expect((await request(app()).post('/api/payments/promptpay').send({ package: 'small' })).status).toBe(401);
  });

  test('serves character images without a session', async () => {
    const res = await request(app()).get('/character-images/face.webp');
    expect(res.status).toBe(200);
    expect(res.body.service).toBe('catalog');
  });
});
