import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { EVENTS, type EventName } from '@lakorn/contracts';
import { createBus, createLogger, type Bus } from '@lakorn/service-kit';
import { SERVICES, type ServiceName } from '../src/config';
import { PUBLISHES, deleteBrokerUsers, ensureBrokerUsers, publishOutcome, type BrokerUsersOutcome } from '../src/brokerUsers';
import { deleteNamespace } from '../src/rabbitmq';

/**
 * The broker users of ARCHITECTURE §4 on this machine's RabbitMQ, made the way the runner makes
 * them (rabbitmqctl import_definitions). Each rabbitmqctl call costs ~4 s here, so one namespace
 * serves the whole file.
 */
jest.setTimeout(90_000);

const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const namespace = `brokerusers-${randomBytes(4).toString('hex')}`;
let dataDir: string;
let outcome: Extract<BrokerUsersOutcome, { kind: 'per-service' }>;
const connections: amqp.ChannelModel[] = [];

/** Who publishes each event (services' publishers and outboxes; chat's debit request). */
const PUBLISHER: Record<EventName, ServiceName> = {
  'identity.user.registered': 'identity',
  'identity.user.updated': 'identity',
  'identity.user.deleted': 'identity',
  'identity.sessions.ended': 'identity',
  'wallet.balance.changed': 'wallet',
  'wallet.debit': 'chat',
  'wallet.refund.requested': 'chat',
  'wallet.credit.requested': 'checkin',
  'wallet.credit.refused': 'wallet',
  'catalog.character.updated': 'catalog',
  'catalog.character.deleted': 'catalog',
  'chat.summary.requested': 'chat',
  'chat.message.sent': 'chat',
  'chat.chat.started': 'chat',
  'chat.message.rated': 'chat',
  'checkin.admin.action': 'checkin',
  'wallet.admin.action': 'wallet',
};

async function connectAs(service: ServiceName): Promise<amqp.ChannelModel> {
  const connection = await amqp.connect(outcome.urls[service]);
  connection.on('error', () => undefined);
  connections.push(connection);
  return connection;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakorn-broker-'));
  const made = await ensureBrokerUsers({ amqpUrl: AMQP_URL, namespace, dataDir });
  if (made.kind !== 'per-service') throw new Error(`this machine's RabbitMQ should take per-service users: ${made.reason}`);
  outcome = made;
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
  if (outcome) await deleteBrokerUsers(outcome.accounts);
  await deleteNamespace(AMQP_URL, namespace).catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
});

test('every event of the contracts is publishable by exactly its publisher', () => {
  expect(Object.keys(PUBLISHER).sort()).toEqual(Object.keys(EVENTS).sort());
  for (const [event, publisher] of Object.entries(PUBLISHER)) {
    const allowed = SERVICES.filter((service) => new RegExp(PUBLISHES[service]).test(event));
    expect({ event, allowed }).toEqual({ event, allowed: [publisher] });
  }
});

test("a service's broker user publishes its own events, and the broker closes the channel with ACCESS_REFUSED on another service's", async () => {
  for (const service of SERVICES) {
    const connection = await connectAs(service);
    for (const [event, publisher] of Object.entries(PUBLISHER)) {
      const result = await publishOutcome(connection, `${namespace}.events`, event);
      expect({ service, event, result }).toEqual({ service, event, result: publisher === service ? 'confirmed' : 'refused' });
    }
  }
});

test('only the wallet (direct reply-to answers) may write to the default exchange, which reaches any queue by name', async () => {
  for (const service of SERVICES) {
    const result = await publishOutcome(await connectAs(service), '', `${namespace}.wallet.wallet.credit.requested`);
    expect({ service, result }).toEqual({ service, result: service === 'wallet' ? 'confirmed' : 'refused' });
  }
});

test("a service's user cannot consume or declare another service's queues", async () => {
  const wallet = await connectAs('wallet');
  const walletChannel = await wallet.createChannel();
  await walletChannel.assertQueue(`${namespace}.wallet.credits`, { durable: true });
  const chat = await connectAs('chat');
  for (const act of [
    (ch: amqp.Channel) => ch.consume(`${namespace}.wallet.credits`, () => undefined),
    (ch: amqp.Channel) => ch.assertQueue(`${namespace}.wallet.sneaky`, { durable: true }),
  ]) {
    const channel = await chat.createChannel();
    channel.on('error', () => undefined);
    await expect(act(channel)).rejects.toThrow(/ACCESS_REFUSED/);
  }
});

test("the services' buses work under their own users: consume, retry through their own exchange, debit request and reply", async () => {
  const bus = (service: ServiceName): Bus =>
    createBus({ url: outcome.urls[service], namespace, service, logger: createLogger(service, 'silent'), retryDelayMs: 50, maxAttempts: 3 });
  const wallet = bus('wallet');
  const chat = bus('chat');
  const checkin = bus('checkin');
  try {
    await Promise.all([wallet.ready(), chat.ready(), checkin.ready()]);
    await wallet.respond('wallet.debit', async (payload) => ({ status: 'debited', balance: 10 - payload.amount }));
    const attempts: number[] = [];
    await wallet.consume({
      queue: 'credits',
      events: ['wallet.credit.requested'],
      handler: async (event) => {
        attempts.push(event.attempt);
        if (event.attempt === 1) throw new Error('first try fails');
      },
    });
    const reply = await chat.request<{ status: string; balance: number }>(
      'wallet.debit',
      { opId: 'op1', userId: 'u1', amount: 3, description: 'ข้อความ', deadline: Date.now() + 5_000 },
      { messageId: 'op1', timeoutMs: 5_000 },
    );
    expect(reply).toEqual({ status: 'debited', balance: 7 });
    await checkin.publish('wallet.credit.requested', { opId: 'c1', userId: 'u1', amount: 5, description: 'เช็คอิน' }, { messageId: 'c1' });
    const deadline = Date.now() + 10_000;
    while (attempts.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(attempts).toEqual([1, 2]);
  } finally {
    await Promise.all([wallet.close(), chat.close(), checkin.close()]);
  }
});

test('a second start finds the kept users and their rules in force without rabbitmqctl', async () => {
  const again = await ensureBrokerUsers({ amqpUrl: AMQP_URL, namespace, dataDir });
  expect(again).toMatchObject({ kind: 'per-service', made: false, urls: outcome.urls });
});

test('BROKER_USERS=off and a broker on another machine keep the one AMQP_URL, saying why', async () => {
  expect(await ensureBrokerUsers({ amqpUrl: AMQP_URL, namespace, mode: 'off' })).toEqual({ kind: 'shared', reason: 'BROKER_USERS=off' });
  expect(await ensureBrokerUsers({ amqpUrl: 'amqp://u:p@broker.example:5672', namespace })).toEqual({
    kind: 'shared',
    reason: 'the broker is not on this machine',
  });
});
