import { Writable } from 'node:stream';
import { connect } from 'amqplib';
import { Router } from 'express';
import request from 'supertest';
import type { EventPayload } from '@lakorn/contracts';
import {
  baseConfigSchema,
  createHttpApp,
  createLogger,
  createMetrics,
  createOutbox,
  openServiceRuntime,
  parseConfig,
  withRequestId,
  type Logger,
  type ServiceMetrics,
} from '../src';
import {
  TEST_AMQP_URL,
  TEST_MONGODB_URL,
  metricValue,
  openSecondHost,
  parseMetrics,
  takeQueuedMessages,
  testBus,
  testMongo,
  testNamespace,
  testSessionKeys,
  uniqueSuffix,
  waitUntil,
} from '../src/testing';

jest.setTimeout(30_000);

/** A logger (createLogger, as every service's) whose JSON lines the test reads. */
function capturingLogger(service: string): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(service, 'debug', sink), lines };
}

const scrape = async (metrics: ServiceMetrics) => parseMetrics(await metrics.registry.metrics());

function thingsApp(metrics: ServiceMetrics, onCreate: () => Promise<void> = async () => undefined) {
  const router = Router();
  router.get('/api/things/:thingId', (req, res) => {
    res.json({ id: req.params.thingId });
  });
  router.post('/api/things', async (_req, res) => {
    await onCreate();
    res.status(201).json({});
  });
  const { logger } = capturingLogger('things');
  return createHttpApp({ logger, sessionPublicKey: testSessionKeys().publicKey, routers: [router], metrics });
}

describe('HTTP metrics (service-kit createHttpApp)', () => {
  test('counts requests by route pattern and status, never by the raw URL, and an unmatched path under one fixed label', async () => {
    const metrics = createMetrics();
    const app = thingsApp(metrics);
    await request(app).get('/api/things/t-1').expect(200);
    await request(app).get('/api/things/t-2').expect(200);
    await request(app).get('/api/nowhere/t-3').expect(404);

    const samples = await scrape(metrics);
    const count = 'lakorn_http_request_duration_seconds_count';
    expect(metricValue(samples, count, { method: 'GET', route: '/api/things/:thingId', status: '200' })).toBe(2);
    expect(metricValue(samples, count, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => /t-\d/.test(v)))).toBe(false);
    // The latency histogram has its buckets, up to +Inf.
    expect(metricValue(samples, 'lakorn_http_request_duration_seconds_bucket', { route: '/api/things/:thingId', le: '+Inf' })).toBe(2);
  });

  test('GET /metrics answers Prometheus text that parses line by line', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const app = thingsApp(metrics);
    await request(app).get('/api/things/a').expect(200);
    const res = await request(app).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(res.text);
    expect(metricValue(samples, 'lakorn_http_request_duration_seconds_count', { route: '/api/things/:thingId' })).toBe(1);
    for (const [name, type] of [
      ['lakorn_http_request_duration_seconds', 'histogram'],
      ['lakorn_bus_request_duration_seconds', 'histogram'],
      ['lakorn_bus_consumer_failures_total', 'counter'],
      ['lakorn_bus_dead_letters_total', 'counter'],
      ['lakorn_outbox_relay_delay_seconds', 'histogram'],
    ]) {
      expect(res.text).toContain(`# TYPE ${name} ${type}`);
    }
  });

  test('/metrics is refused to a peer relayed by a proxy (X-Forwarded-For) unless it shows the metrics token', async () => {
    const metrics = createMetrics({ accessToken: 'a-long-enough-metrics-token' });
    const app = thingsApp(metrics);
    const relayed = await request(app).get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    expect(relayed.status).toBe(403);
    expect(relayed.body).toMatchObject({ code: 'FORBIDDEN' });
    await request(app).get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer wrong-token-of-some-length').expect(403);
    await request(app).get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer a-long-enough-metrics-token').expect(200);
  });

  test('/metrics is refused to another machine without the token, and served to it with the token', async () => {
    const host = await openSecondHost();
    try {
      const app = thingsApp(createMetrics({ accessToken: 'a-long-enough-metrics-token' }));
      const server = app.listen(0, host.hostAddress);
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const url = `http://${host.hostAddress}:${(server.address() as { port: number }).port}/metrics`;
        expect((await host.fetch(url)).status).toBe(403);
        expect((await host.fetch(url, { headers: { authorization: 'Bearer a-long-enough-metrics-token' } })).status).toBe(200);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      await host.close();
    }
  });
});

describe('request ids across RabbitMQ (ARCHITECTURE §4)', () => {
  const namespace = testNamespace();
  const catalog = capturingLogger('catalog');
  const chat = capturingLogger('chat');
  const wallet = capturingLogger('wallet');
  const chatMetrics = createMetrics();
  const publisher = testBus('catalog', { namespace, logger: catalog.logger });
  const consumer = testBus('chat', { namespace, logger: chat.logger, metrics: chatMetrics, maxAttempts: 2 });
  const responder = testBus('wallet', { namespace, logger: wallet.logger });
  let mongo: Awaited<ReturnType<typeof testMongo>>;

  beforeAll(async () => {
    mongo = await testMongo('servicekit_reqid');
    await Promise.all([publisher.ready(), consumer.ready(), responder.ready()]);
  });
  afterAll(async () => {
    await Promise.all([publisher.close(), consumer.close(), responder.close()]);
    await mongo.drop();
  });

  const deleted = (characterId: string): EventPayload<'catalog.character.deleted'> => ({ characterId, userId: 'owner' });

  test("a request's event goes through the outbox with the request's id, and the consumer's log lines carry it", async () => {
    const outbox = createOutbox({ connection: mongo.connection, bus: publisher, logger: catalog.logger, intervalMs: 50 });
    await consumer.consume({
      queue: 'character-events',
      events: ['catalog.character.deleted'],
      handler: async (event) => {
        chat.logger.child({ component: 'characters' }).info({ characterId: event.payload.characterId }, 'removed the chats of a deleted character');
      },
    });
    const app = thingsApp(createMetrics(), async () => {
      catalog.logger.info('deleting a character');
      await outbox.enqueue({ name: 'catalog.character.deleted', payload: deleted('c-req'), messageId: 'delete:c-req' });
    });
    outbox.start();
    try {
      await request(app).post('/api/things').set('x-request-id', 'req-from-gateway-1').expect(201);
      await waitUntil(() => chat.lines.some((l) => l.msg === 'removed the chats of a deleted character'), 5_000, 'the consumer');
    } finally {
      await outbox.stop();
    }
    expect(catalog.lines.find((l) => l.msg === 'deleting a character')).toMatchObject({ reqId: 'req-from-gateway-1' });
    expect(chat.lines.find((l) => l.msg === 'removed the chats of a deleted character')).toMatchObject({
      reqId: 'req-from-gateway-1',
      component: 'characters',
      characterId: 'c-req',
    });
  });

  test('a request/reply carries the id to the responder, and its round trip is timed', async () => {
    await responder.respond('wallet.debit', async (payload) => {
      wallet.logger.info({ opId: payload.opId }, 'debit answered');
      return { status: 'debited', balance: 9 };
    });
    const requester = testBus('chat', { namespace, metrics: chatMetrics });
    try {
      await requester.ready();
      await withRequestId('req-from-gateway-2', () =>
        requester.request('wallet.debit', { opId: 'chat:m-1', userId: 'u1', amount: 1, description: 'ส่งข้อความ', deadline: Date.now() + 5_000 }, { messageId: 'chat:m-1', timeoutMs: 5_000 }),
      );
    } finally {
      await requester.close();
    }
    expect(wallet.lines.find((l) => l.msg === 'debit answered')).toMatchObject({ reqId: 'req-from-gateway-2', opId: 'chat:m-1' });
    expect(metricValue(await scrape(chatMetrics), 'lakorn_bus_request_duration_seconds_count', { event: 'wallet.debit', outcome: 'replied' })).toBe(1);
  });

  test('a handler that throws counts a consumer failure per attempt and a dead letter at the last, with the id on the retry line', async () => {
    await consumer.consume({
      queue: 'always-fails',
      events: ['catalog.character.deleted'],
      handler: async () => {
        throw new Error('database unreachable');
      },
    });
    await withRequestId('req-from-gateway-3', () => publisher.publish('catalog.character.deleted', deleted('c-dead'), { messageId: 'delete:c-dead' }));
    const dead = await takeQueuedMessages(`${namespace}.chat.always-fails.dead`, 1, 8_000);
    expect(dead[0]?.properties.headers?.['x-request-id']).toBe('req-from-gateway-3');
    const labels = { queue: `${namespace}.chat.always-fails`, event: 'catalog.character.deleted' };
    // The dead letter is counted once the broker confirms its copy, which can reach the dead
    // queue (and this test) a moment before the confirmation reaches the consumer.
    await waitUntil(async () => metricValue(await scrape(chatMetrics), 'lakorn_bus_dead_letters_total', labels) === 1, 5_000, 'the dead letter counted');
    const samples = await scrape(chatMetrics);
    expect(metricValue(samples, 'lakorn_bus_consumer_failures_total', labels)).toBe(2);
    expect(metricValue(samples, 'lakorn_bus_dead_letters_total', labels)).toBe(1);
    expect(chat.lines.find((l) => l.msg === 'handler failed; will retry')).toMatchObject({ reqId: 'req-from-gateway-3' });
  });

  test("the outbox's lag is the oldest waiting event's age, and each relayed event's delay is observed", async () => {
    const metrics = createMetrics();
    const outbox = createOutbox({ connection: mongo.connection, bus: publisher, logger: catalog.logger, metrics });
    await outbox.enqueue({ name: 'catalog.character.deleted', payload: deleted('c-lag'), messageId: 'delete:c-lag' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(metricValue(await scrape(metrics), 'lakorn_outbox_oldest_pending_seconds')).toBeGreaterThan(0);
    await outbox.flush();
    const samples = await scrape(metrics);
    expect(metricValue(samples, 'lakorn_outbox_oldest_pending_seconds')).toBe(0);
    expect(metricValue(samples, 'lakorn_outbox_relay_delay_seconds_count')).toBe(1);
  });
});

describe("the runtime's shutdown (openServiceRuntime)", () => {
  test('/readyz answers 503 as soon as shutdown starts, while the database and broker are still connected', async () => {
    const namespace = testNamespace();
    const prefix = `test_rt${uniqueSuffix()}_`;
    const config = {
      ...parseConfig(baseConfigSchema, {
        SESSION_PUBLIC_KEY: testSessionKeys().publicKey,
        MONGODB_URL: TEST_MONGODB_URL,
        MONGODB_DB_PREFIX: prefix,
        AMQP_URL: TEST_AMQP_URL,
        BUS_NAMESPACE: namespace,
        LOG_LEVEL: 'silent',
      }),
      PORT: 0,
    };
    const runtime = await openServiceRuntime('probe', config);
    await runtime.bus.ready();
    const app = createHttpApp({ logger: runtime.logger, sessionPublicKey: config.SESSION_PUBLIC_KEY, routers: [], readiness: runtime.readiness, metrics: runtime.metrics });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    runtime.serve(app, [() => held]);
    expect((await request(app).get('/readyz')).status).toBe(200);

    const stopped = runtime.stop();
    const during = await request(app).get('/readyz');
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ status: 'unavailable', checks: { running: false, mongodb: true, rabbitmq: true } });

    await runtime.connection.dropDatabase();
    release();
    await stopped;
    const broker = await connect(TEST_AMQP_URL);
    await (await broker.createChannel()).deleteExchange(`${namespace}.events`);
    await broker.close();
  });
});
