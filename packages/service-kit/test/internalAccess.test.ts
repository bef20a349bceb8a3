import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import request from 'supertest';
import { internalAccess } from '../src/auth/internalAccess';
import { createHttpApp } from '../src/http/createApp';
import { silentLogger } from '../src/logger';
import { openSecondHost, testSessionKeys, type SecondHost } from '../src/testing';

// service-kit README "Internal routes": a route for the other processes of Lakorn answers this
// machine's own processes (a loopback peer no proxy relayed) or a caller presenting INTERNAL_TOKEN.
jest.setTimeout(60_000);

const TOKEN = 'internal-token-for-the-tests-0123456789';

function app(token: string | undefined) {
  const router = Router();
  router.get('/internal/list', internalAccess(token), (_req, res) => void res.json({ ok: true }));
  return createHttpApp({ logger: silentLogger(), sessionPublicKey: testSessionKeys().publicKey, routers: [router] });
}

describe('internal routes (internalAccess)', () => {
  test('answer a process of this machine that no proxy relayed', async () => {
    await request(app(undefined)).get('/internal/list').expect(200, { ok: true });
  });

  test('refuse a relayed caller without the credential (401), with a wrong one (403), and answer the right one', async () => {
    const relayed = await request(app(TOKEN)).get('/internal/list').set('X-Forwarded-For', '203.0.113.9');
    expect(relayed.status).toBe(401);
    expect(relayed.body.code).toBe('UNAUTHENTICATED');
    const wrong = await request(app(TOKEN)).get('/internal/list').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer not-the-token');
    expect(wrong.status).toBe(403);
    await request(app(TOKEN)).get('/internal/list').set('X-Forwarded-For', '203.0.113.9').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  });

  test('without INTERNAL_TOKEN set, no credential opens them to another machine', async () => {
    await request(app(undefined)).get('/internal/list').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer ').expect(401);
  });

  describe('from another machine (a second host in a network namespace)', () => {
    let second: SecondHost;
    let server: Server;
    let url: string;
    beforeAll(async () => {
      second = await openSecondHost();
      server = await new Promise<Server>((resolve) => {
        const s = app(TOKEN).listen(0, second.hostAddress, () => resolve(s));
      });
      url = `http://${second.hostAddress}:${(server.address() as AddressInfo).port}/internal/list`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await second?.close();
    });

    test('refuse an anonymous caller, even one claiming to be this machine, and answer the service credential', async () => {
      expect((await second.fetch(url)).status).toBe(401);
      expect((await second.fetch(url, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(401);
      expect((await second.fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    });
  });
});
