import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ERROR_CODES, LOCAL_ONLY_MESSAGE } from '@lakorn/contracts';
import { harnessPerFile, sessionCookie, testActor } from '@lakorn/service-kit/testing';
import {
  isImagePath,
  isLargeBodyRoute,
  isLocalOnlyRoute,
  isOpenApiRoute,
  LARGE_BODY_PATHS,
  LOCAL_ONLY_ROUTES,
  OPEN_API_ROUTES,
  OWN_ONLY_PATHS,
  ownOnlyParam,
  serviceFor,
  SERVICE_ROUTES,
  SHARE_PAGE_CHANGES,
  shareChangedBy,
} from '../src/api/routeTable';
import { startFakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

// Express routes paths case-insensitively at every service (its default), so the gateway's rules
// (routeTable) must match the same way: `/api/auth/DEV/token` is the development sign-in there.
const fakes = harnessPerFile(startFakeServices);

/** Every casing of `text`'s letters (2^letters strings). */
function everyCasing(text: string): string[] {
  let variants = [''];
  for (const char of text) {
    const forms = char.toLowerCase() === char.toUpperCase() ? [char] : [char.toLowerCase(), char.toUpperCase()];
    variants = variants.flatMap((v) => forms.map((f) => v + f));
  }
  return variants;
}

/** Each segment lower, upper, capitalised and alternating: 4^segments paths. */
function segmentCasings(path: string): string[] {
  const forms = (segment: string) => [
    segment,
    segment.toUpperCase(),
    segment.charAt(0).toUpperCase() + segment.slice(1),
    [...segment].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(''),
  ];
  let variants = [''];
  for (const segment of path.split('/').slice(1)) variants = variants.flatMap((v) => forms(segment).map((f) => `${v}/${f}`));
  return [...new Set(variants)];
}

const methodOf = (rule: { methods: readonly string[] | 'any' }) => (rule.methods === 'any' ? 'GET' : (rule.methods[0] ?? 'GET'));

describe('the route table matches paths as express does, whatever their letter case', () => {
  test('every casing of every local-only prefix is local-only', () => {
    for (const rule of LOCAL_ONLY_ROUTES) {
      const misses = everyCasing(rule.prefix).filter((p) => !isLocalOnlyRoute(methodOf(rule), `${p}/x`));
      expect({ prefix: rule.prefix, misses: misses.slice(0, 5) }).toEqual({ prefix: rule.prefix, misses: [] });
    }
  });

  test('every casing of a prefix goes to its service, open routes stay open, and the other rules match too', () => {
    for (const [prefix, service] of SERVICE_ROUTES) {
      for (const p of segmentCasings(prefix)) expect([p, serviceFor(`${p}/x`)]).toEqual([p, service]);
    }
    for (const rule of OPEN_API_ROUTES) for (const p of segmentCasings(rule.prefix)) expect([p, isOpenApiRoute(methodOf(rule), p)]).toEqual([p, true]);
    expect(isImagePath('/Character-Images/a.png')).toBe(true);
    for (const rule of OWN_ONLY_PATHS) {
      const path = rule.path.replace(`{${rule.self}}`, 'Self-Id').replace(/\{\w+\}/g, 'other');
      for (const p of segmentCasings(path.toLowerCase())) {
        // The parameter keeps its own case: ids are case-sensitive.
        const cased = p.replace(/self-id/i, 'Self-Id');
        expect([cased, ownOnlyParam(rule.method, cased)]).toEqual([cased, 'Self-Id']);
      }
    }
    for (const rule of LARGE_BODY_PATHS) expect(isLargeBodyRoute(rule.method, rule.path.replace(/\{\w+\}/g, 'c1').toUpperCase())).toBe(true);
    for (const rule of SHARE_PAGE_CHANGES) {
      const path = rule.path.toUpperCase().replace(/\{\w+\}/g, 'AbC1');
      expect(shareChangedBy(rule.method, path)).toBe(rule.character === 'all' ? 'all' : 'AbC1');
    }
  });
});

describe('through the gateway', () => {
  const me = testActor();
  const other = testActor();
  const cookie = sessionCookie(me);

  test('refuses every casing of a local-only path from another address with 403 LOCAL_ONLY, before any service sees it', async () => {
    // A proxy on this machine says who asked (X-Forwarded-For from a loopback peer): another address.
    const server: Server = createServer(testGateway(fakes, { RATE_LIMIT_AUTH_PER_MINUTE: '100000', RATE_LIMIT_IP_PER_MINUTE: '100000' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const before = fakes.received.length;
    const paths = [
      ...segmentCasings('/api/auth/dev/token').map((path) => ['POST', path] as const),
      ...segmentCasings('/api/auth/dev/authorize').map((path) => ['GET', `${path}?state=s`] as const),
      ...segmentCasings('/api/payments/simulate/pi_1').map((path) => ['POST', path] as const),
    ];
    const answers: Array<{ method: string; path: string; status: number; body: unknown }> = [];
    try {
      for (const [method, path] of paths) {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { 'x-forwarded-for': '203.0.113.7', 'content-type': 'application/json' },
          body: method === 'POST' ? '{"email":"admin@lakorn.local","name":"A"}' : undefined,
        });
        answers.push({ method, path, status: res.status, body: await res.json() });
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(answers.length).toBeGreaterThan(150);
    expect(answers.filter((a) => a.status !== 403)).toEqual([]);
    for (const a of answers) expect(a.body).toEqual({ message: LOCAL_ONLY_MESSAGE, code: ERROR_CODES.localOnly });
    expect(fakes.received.length).toBe(before);
  });

  test("refuses another member's own-only path in any casing with 403", async () => {
    for (const path of [`/api/CHATS/User/${other.id}`, `/API/coins/TRANSACTIONS/${other.id}`, `/api/Users/${other.id}`, `/api/characters/c1/LIKE/${other.uid}`]) {
      const res = await request(testGateway(fakes)).get(path).set('Cookie', cookie);
      expect([path, res.status]).toEqual([path, 403]);
    }
  });

  test('routes an API path in any casing to the service that answers it, and counts every casing of /api/auth in the sign-in limit', async () => {
    const res = await request(testGateway(fakes)).get('/API/News').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'checkin', url: '/API/News' });

    const app = testGateway(fakes, { RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    const statuses = [];
    for (const path of ['/api/auth/config', '/api/AUTH/config', '/Api/Auth/config']) statuses.push((await request(app).get(path)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
