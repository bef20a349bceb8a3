// Helpers for service tests against the real FerretDB and RabbitMQ (never imported by src/).
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { promisify } from 'node:util';
import { connect as connectAmqp, type MessageProperties } from 'amqplib';
import type { Connection } from 'mongoose';
import { SESSION_COOKIE } from '@lakorn/contracts';
import { connectMongo } from '../data/mongo';
import { SESSION_AUDIENCE, SESSION_ISSUER, sessionKeyId, signSessionToken, type Actor } from '../auth/session';
import { silentLogger } from '../logger';
import { createBus } from '../bus/bus';
import type { Bus, BusOptions } from '../bus/types';

export { brokerProxy, type BrokerProxy } from './brokerProxy';
export { sampleCharacter, type SampleCharacterFields } from './character';
export { closeServer, listenLocally, type LocalServer } from './http';
export { metricValue, parseMetrics, type MetricSample } from './metrics';
export { openSecondHost, type RemoteResponse, type SecondHost } from './secondHost';

export const TEST_MONGODB_URL =
  process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';
export const TEST_AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** A short random suffix for database names and bus namespaces of one test file. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

let keys: { publicKey: string; privateKey: string } | undefined;
/** One RSA key pair per test process, as the runner makes one per stack. */
export function testSessionKeys(): { publicKey: string; privateKey: string } {
  keys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return keys;
}

/** A test actor; pass overrides for admin/owner. */
export function testActor(overrides: Partial<Actor> = {}): Actor {
  const id = overrides.id ?? `u${uniqueSuffix()}`;
  return {
    id,
    uid: overrides.uid ?? `google-${id}`,
    email: overrides.email ?? `${id}@example.test`,
    isAdmin: overrides.isAdmin ?? false,
    isOwner: overrides.isOwner ?? false,
    adult: overrides.adult ?? false,
  };
}

/** `Cookie` header value carrying a valid session for the actor. */
export function sessionCookie(actor: Actor): string {
  const token = signSessionToken(
    { sub: actor.id, uid: actor.uid, email: actor.email, isAdmin: actor.isAdmin, isOwner: actor.isOwner, adult: actor.adult, sid: actor.sessionId, sv: actor.sessionVersion },
    testSessionKeys().privateKey,
  );
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * A session token signed by the test key with every claim but the times named in `without`
 * (`exp`, `iat`): what a leaked script's token looks like (service-kit README "Sessions").
 */
export function sessionTokenWithout(actor: Actor, without: ReadonlyArray<'exp' | 'iat'>): string {
  const { privateKey, publicKey } = testSessionKeys();
  const iat = Math.floor(Date.now() / 1000);
  const times = { ...(without.includes('iat') ? {} : { iat }), ...(without.includes('exp') ? {} : { exp: iat + 3600 }) };
  return jwt.sign(
    { sub: actor.id, uid: actor.uid, email: actor.email, isAdmin: actor.isAdmin, isOwner: actor.isOwner, sid: actor.sessionId ?? `sid-${uniqueSuffix()}`, sv: actor.sessionVersion ?? 0, adult: actor.adult ?? false, ...times },
    privateKey,
    { algorithm: 'RS256', issuer: SESSION_ISSUER, audience: SESSION_AUDIENCE, keyid: sessionKeyId(publicKey), noTimestamp: without.includes('iat') },
  );
}

/** A fresh database for one test file; call drop() in afterAll. */
export async function testMongo(label: string): Promise<{ connection: Connection; dbName: string; drop: () => Promise<void> }> {
  const dbName = `test_${label.replace(/[^a-z0-9]/gi, '')}_${uniqueSuffix()}`;
  const connection = await connectMongo(TEST_MONGODB_URL, dbName);
  return {
    connection,
    dbName,
    drop: async () => {
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
    },
  };
}

/** A random bus namespace (exchange `<namespace>.events`) for one test file. */
export function testNamespace(): string {
  return `test_${uniqueSuffix()}`;
}

/**
 * A bus for tests: random namespace unless given, queues that expire 5 minutes after last use (so
 * the shared broker does not fill up), 100 ms retry delay, silent logger. Close it in afterAll.
 * Pass the same `namespace` to every bus of one test file so they share the exchange.
 */
export function testBus(service: string, options: Partial<BusOptions> = {}): Bus {
  return createBus({
    url: TEST_AMQP_URL,
    namespace: testNamespace(),
    logger: silentLogger(),
    // Publishing into a queue does not count as use for x-expires, so a retry or dead queue of a
    // long test file must outlive the file; 5 minutes does, and still clears up soon after.
    queueExpiresMs: 300_000,
    retryDelayMs: 100,
    ...options,
    service,
  });
}

/**
 * Forces the broker to close the connections of one bus namespace (`rabbitmqctl close_connection`,
 * needs rabbitmqctl rights), as a broker restart would. Only this namespace's connections are
 * touched: other test files share the broker. Resolves with how many were closed.
 */
export async function closeBrokerConnections(namespace: string): Promise<number> {
  const run = promisify(execFile);
  const { stdout } = await run('rabbitmqctl', ['-q', 'list_connections', '--no-table-headers', 'pid', 'client_properties']);
  const pids = stdout
    .split('\n')
    .filter((line) => {
      const name = /\{"connection_name","([^"]*)"\}/.exec(line)?.[1];
      return name !== undefined && name.startsWith(`${namespace}.`);
    })
    .map((line) => line.split('\t')[0] ?? '')
    .filter((pid) => pid !== '');
  for (const pid of pids) await run('rabbitmqctl', ['-q', 'close_connection', pid, 'test: forced close']);
  return pids.length;
}

export interface QueuedMessage {
  properties: MessageProperties;
  /** The content parsed as JSON, or the raw text when it is not JSON. */
  body: unknown;
}

/**
 * Takes (and removes) messages from a queue, e.g. a dead-letter queue, waiting up to timeoutMs for
 * `count` of them. Returns what arrived, so a test can assert on a shortfall.
 */
export async function takeQueuedMessages(queue: string, count: number, timeoutMs = 5_000): Promise<QueuedMessage[]> {
  const connection = await connectAmqp(TEST_AMQP_URL);
  connection.on('error', () => undefined);
  try {
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    const taken: QueuedMessage[] = [];
    const deadline = Date.now() + timeoutMs;
    while (taken.length < count && Date.now() < deadline) {
      const message = await channel.get(queue, { noAck: true });
      if (!message) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const text = message.content.toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the raw text is what the test wants to see
      }
      taken.push({ properties: message.properties, body });
    }
    return taken;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** `what` as waitUntil's message; a describer that fails still leaves the timeout's message. */
async function describe(what: string | (() => string | Promise<string>)): Promise<string> {
  if (typeof what === 'string') return what;
  try {
    return await what();
  } catch (error) {
    return `(describing the state failed: ${String(error)})`;
  }
}

/**
 * Polls `check` until it holds; fails with `what` after timeoutMs. `what` may be a function that
 * describes the state at the deadline (what is still queued, what is stored), so a failure in CI,
 * where the services' loggers are silent, says where the wait stopped.
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  what: string | (() => string | Promise<string>) = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${await describe(what)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A service's harness shared by the tests of one file: started before them, closed after them.
 * The object is filled in when `beforeAll` has run, so tests read it inside their bodies.
 */
export function harnessPerFile<H extends { close(): Promise<void> }>(start: () => Promise<H>): H {
  const harness = {} as H;
  beforeAll(async () => {
    Object.assign(harness, await start());
  });
  // Absent when start failed: jest reports that failure, and there is nothing to close.
  afterAll(async () => {
    await harness.close?.();
  });
  return harness;
}
