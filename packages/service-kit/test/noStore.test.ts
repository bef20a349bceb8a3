import { Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { createHttpApp } from '../src/http/createApp';
import { requireActor } from '../src/auth/session';
import { sessionCookie, testActor, testSessionKeys } from '../src/testing';

// Every answer to a signed-in caller is that member's: a service reached directly marks it
// private, no-store as the gateway does; a route that means its answer to be cached says so.
function app() {
  const router = Router();
  router.get('/api/coins/balance', (req, res) => {
    requireActor(req);
    res.json({ balance: 5 });
  });
  router.get('/character-images/a.png', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type('png').send(Buffer.from([0x89]));
  });
  router.get('/api/public-thing', (_req, res) => {
    res.json({ ok: true });
  });
  return createHttpApp({ logger: pino({ level: 'silent' }), sessionPublicKey: testSessionKeys().publicKey, routers: [router] });
}

test("a signed-in member's answer from a service reached directly is private, no-store", async () => {
  const res = await request(app()).get('/api/coins/balance').set('Cookie', sessionCookie(testActor()));
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
});

test('a route that sets its own Cache-Control keeps it, signed in or not', async () => {
  const cookie = sessionCookie(testActor());
  expect((await request(app()).get('/character-images/a.png').set('Cookie', cookie)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request(app()).get('/character-images/a.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('an answer to no one in particular (no session) is not marked', async () => {
  expect((await request(app()).get('/api/public-thing')).headers['cache-control']).toBeUndefined();
});
