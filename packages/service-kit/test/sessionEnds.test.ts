import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import request from 'supertest';
import type { SessionEnd } from '@lakorn/contracts';
import { requireActor } from '../src/auth/session';
import { createSessionEnds, installSessionEnds, loadSessionEndsFrom } from '../src/auth/sessionEnds';
import { createHttpApp } from '../src/http/createApp';
import { silentLogger } from '../src/logger';
import { sessionCookie, testActor, testSessionKeys } from '../src/testing';

/** identity's list as a real HTTP server answers it (GET /internal/sessions/ended?since=). */
async function identityList(): Promise<{ url: string; ends: Array<SessionEnd & { at: number }>; asked: number[]; credentials: Array<string | undefined>; close: () => Promise<void> }> {
  const ends: Array<SessionEnd & { at: number }> = [];
  const asked: number[] = [];
  const credentials: Array<string | undefined> = [];
  const server: Server = createServer((req, res) => {
    const since = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('since'));
    asked.push(since);
    credentials.push(req.headers.authorization);
    const page = ends.filter((e) => e.at >= since);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ ends: page.map(({ at: _at, ...end }) => end), cursor: Math.max(0, ...ends.map((e) => e.at)) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ends,
    asked,
    credentials,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function app() {
  const router = Router();
  router.get('/api/me', (req, res) => {
    res.json({ id: requireActor(req).id });
  });
  return createHttpApp({ logger: silentLogger(), sessionPublicKey: testSessionKeys().publicKey, routers: [router] });
}

describe('sessions that end, enforced by the session middleware of every process', () => {
  afterEach(() => installSessionEnds(undefined));

  test('a member whose sessions ended below a version is refused with 401 SESSION_ENDED and the Thai text; a newer sign-in is accepted', async () => {
    const ends = createSessionEnds({ load: async () => ({ ends: [], cursor: 0 }), logger: silentLogger() });
    installSessionEnds(ends);
    const actor = testActor();
    const old = sessionCookie({ ...actor, sessionVersion: 0 });
    expect((await request(app()).get('/api/me').set('Cookie', old)).status).toBe(200);

    ends.apply({ kind: 'member', userId: actor.id, minVersion: 1 });
    const refused = await request(app()).get('/api/me').set('Cookie', old);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง', code: 'SESSION_ENDED' });
    expect((await request(app()).get('/api/me').set('Cookie', sessionCookie({ ...actor, sessionVersion: 1 }))).status).toBe(200);
  });

  test('logout ends that one sign-in; the member\'s other sign-ins go on', async () => {
    const ends = createSessionEnds({ load: async () => ({ ends: [], cursor: 0 }), logger: silentLogger() });
    installSessionEnds(ends);
    const actor = testActor();
    ends.apply({ kind: 'session', sid: 'phone', expiresAt: Date.now() + 60_000 });
    expect((await request(app()).get('/api/me').set('Cookie', sessionCookie({ ...actor, sessionId: 'phone' }))).status).toBe(401);
    expect((await request(app()).get('/api/me').set('Cookie', sessionCookie({ ...actor, sessionId: 'laptop' }))).status).toBe(200);
  });

  test('no cookie at all is "not signed in", not "session ended"', async () => {
    installSessionEnds(createSessionEnds({ load: async () => ({ ends: [], cursor: 0 }), logger: silentLogger() }));
    const res = await request(app()).get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  test('the periodic reload from identity brings ends no event announced, asking only for what changed since (with an overlap)', async () => {
    const identity = await identityList();
    try {
      const ends = createSessionEnds({ load: loadSessionEndsFrom(identity.url), logger: silentLogger() });
      const actor = { ...testActor(), sessionId: 'a', sessionVersion: 0 };
      await ends.refresh();
      expect(ends.loaded()).toBe(true);
      expect(ends.hasEnded(actor)).toBe(false);

      const at = Date.now();
      identity.ends.push({ kind: 'member', userId: actor.id, minVersion: 1, at });
      await ends.refresh();
      expect(ends.hasEnded(actor)).toBe(true);
      expect(identity.asked).toEqual([0, 0]);
      await ends.refresh();
      expect(identity.asked[2]).toBe(at - 10_000);
    } finally {
      await identity.close();
    }
  });

  test('a started list reloads on its own every refreshMs', async () => {
    const identity = await identityList();
    const ends = createSessionEnds({ load: loadSessionEndsFrom(identity.url), refreshMs: 50, logger: silentLogger() });
    try {
      const actor = { ...testActor(), sessionId: 'b', sessionVersion: 0 };
      ends.start();
      identity.ends.push({ kind: 'member', userId: actor.id, minVersion: 1, at: Date.now() });
      const deadline = Date.now() + 5_000;
      while (!ends.hasEnded(actor) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ends.hasEnded(actor)).toBe(true);
    } finally {
      ends.stop();
      await identity.close();
    }
  });

  test('a logout entry is forgotten once its token has expired anyway (the list does not grow forever)', async () => {
    let clock = 1_000_000;
    const ends = createSessionEnds({ load: async () => ({ ends: [], cursor: 0 }), logger: silentLogger(), now: () => clock });
    const actor = { ...testActor(), sessionId: 'c' };
    ends.apply({ kind: 'session', sid: 'c', expiresAt: clock + 1_000 });
    expect(ends.hasEnded(actor)).toBe(true);
    clock += 2_000;
    await ends.refresh();
    expect(ends.hasEnded(actor)).toBe(false);
  });
});

describe("reading identity's list (an internal route: service-kit README \"Internal routes\")", () => {
  test('presents INTERNAL_TOKEN as the service credential when one is set, and nothing otherwise', async () => {
    const identity = await identityList();
    try {
      await loadSessionEndsFrom(identity.url, { internalToken: 'a-service-credential-of-32-chars!' })(0);
      await loadSessionEndsFrom(identity.url)(0);
      expect(identity.credentials).toEqual(['Bearer a-service-credential-of-32-chars!', undefined]);
    } finally {
      await identity.close();
    }
  });
});
