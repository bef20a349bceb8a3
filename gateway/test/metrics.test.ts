import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createMetrics, silentLogger } from '@lakorn/service-kit';
import { metricValue, openSecondHost, parseMetrics, type SecondHost } from '@lakorn/service-kit/testing';
import { createApp } from '../src/app';
import { startFakeServices, type FakeServices } from './support/fakeServices';
import { testConfig, testGateway } from './support/gateway';

// The gateway's own /metrics (service-kit README "Metrics"): requests by route table prefix and
// status; readable from this machine, or elsewhere with METRICS_TOKEN only.
jest.setTimeout(60_000);

const TOKEN = 'gateway-metrics-token-for-tests';

let fakes: FakeServices;
beforeAll(async () => {
  fakes = await startFakeServices();
});
afterAll(async () => {
  await fakes.close();
});

describe("the gateway's /metrics", () => {
  let second: SecondHost;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    second = await openSecondHost();
    server = await new Promise<Server>((resolve) => {
      const s = createServer(testGateway(fakes, { METRICS_TOKEN: TOKEN })).listen(0, second.hostAddress, () => resolve(s));
    });
    url = `http://${second.hostAddress}:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await second?.close();
  });

  it('is refused (403) to another machine without the metrics token, and to one with a wrong token', async () => {
    const bare = await second.fetch(`${url}/metrics`);
    expect(bare.status).toBe(403);
    expect(JSON.parse(bare.body)).toMatchObject({ code: 'FORBIDDEN' });
    expect((await second.fetch(`${url}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(403);
  });

  it('is served to another machine that shows METRICS_TOKEN, and to this machine without it', async () => {
    const scraped = await second.fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(() => parseMetrics(scraped.body)).not.toThrow();
    expect((await request(testGateway(fakes)).get('/metrics')).status).toBe(200);
  });

  it("never forwards a service's /metrics: no path of the gateway reaches one", async () => {
    const before = fakes.received.length;
    for (const path of ['/metrics', '/api/metrics']) {
      await second.fetch(`${url}${path}`);
    }
    expect(fakes.received.slice(before).filter((r) => r.url.includes('metrics'))).toEqual([]);
  });
});

it('counts API calls under their route table prefix and status, never under the ids in the path; /healthz stays outside express', async () => {
  const metrics = createMetrics();
  const app = createApp({ config: testConfig(fakes), logger: silentLogger(), metrics });
  await request(app).get('/api/chats/user/u-12345').expect(401);
  await request(app).get('/api/chats/user/u-67890').expect(401);
  await request(app).get('/api/no-such-service/x-1').expect(401);
  await request(app).get('/healthz').expect(200);

  const samples = parseMetrics(await metrics.registry.metrics());
  const count = 'lakorn_http_request_duration_seconds_count';
  expect(metricValue(samples, count, { method: 'GET', route: '/api/chats', status: '401' })).toBe(2);
  expect(samples.some((s) => Object.values(s.labels).some((v) => /u-\d|x-1|no-such/.test(v)))).toBe(false);
  expect(samples.some((s) => s.labels.route === '/healthz')).toBe(false);
});
