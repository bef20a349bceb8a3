import type { EventPayload } from '@lakorn/contracts';
import { createOutbox, silentLogger, type IncomingEvent } from '../src';
import { TEST_AMQP_URL, brokerProxy, testBus, testMongo, testNamespace, waitUntil } from '../src/testing';

jest.setTimeout(30_000);

const namespace = testNamespace();
const consumer = testBus('chat', { namespace });
const received: IncomingEvent<'wallet.credit.requested' | 'wallet.balance.changed'>[] = [];
let mongo: Awaited<ReturnType<typeof testMongo>>;

function credit(opId: string): EventPayload<'wallet.credit.requested'> {
  return { opId, userId: 'u1', amount: 5, description: 'daily check-in' };
}

function receivedIds(): string[] {
  return received.map((e) => e.messageId);
}

beforeAll(async () => {
  mongo = await testMongo('servicekit_outbox');
  await consumer.ready();
  await consumer.consume({
    queue: 'wallet-events',
    events: ['wallet.credit.requested', 'wallet.balance.changed'],
    handler: async (event) => {
      received.push(event);
    },
  });
});

afterAll(async () => {
  await consumer.close();
  await mongo.drop();
});

test('events enqueued while the broker is unreachable stay pending, then are published once it is back', async () => {
  const proxy = await brokerProxy(TEST_AMQP_URL);
  const bus = testBus('checkin', { namespace, url: proxy.url });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger: silentLogger(), intervalMs: 100 });
  const docs = mongo.connection.collection('outbox');
  try {
    await bus.ready();
    proxy.cut();
    await waitUntil(() => !bus.isConnected(), 5_000, 'the bus to notice the outage');
    await outbox.enqueue({ name: 'wallet.credit.requested', payload: credit('checkin:down1'), messageId: 'checkin:down1' });
    await outbox.enqueue({ name: 'wallet.credit.requested', payload: credit('checkin:down2'), messageId: 'checkin:down2' });

    // The broker fails the first publish: flush stops there and leaves both pending.
    expect(await outbox.flush()).toBe(0);
    expect(await docs.countDocuments({ _id: { $in: ['checkin:down1', 'checkin:down2'] }, pending: true } as never)).toBe(2);

    outbox.start();
    proxy.restore();
    await waitUntil(() => receivedIds().includes('checkin:down2'), 20_000, 'the outbox to publish after the outage');
    await outbox.stop();
    expect(receivedIds().filter((id) => id.startsWith('checkin:down'))).toEqual(['checkin:down1', 'checkin:down2']);
    // Published events leave the outbox (it holds only what waits) and are remembered by id.
    expect(await docs.countDocuments({ _id: { $in: ['checkin:down1', 'checkin:down2'] } } as never)).toBe(0);
    expect(await mongo.connection.collection('outbox_published').countDocuments({ _id: { $in: ['checkin:down1', 'checkin:down2'] } } as never)).toBe(2);
  } finally {
    await outbox.stop();
    await bus.close();
    await proxy.close();
  }
});

test('the relay publishes the event carried by an embedded document and clears its outboxPending flag', async () => {
  const bus = testBus('wallet', { namespace });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger: silentLogger(), embedded: ['ledger_entries'] });
  const entries = mongo.connection.collection('ledger_entries');
  try {
    await bus.ready();
    // The state change and its event in one insert (ARCHITECTURE §4).
    await entries.insertMany([
      { _id: 'u1:0001', amount: 5, outboxPending: true, outbox: { name: 'wallet.balance.changed', payload: { userId: 'u1', balance: 5, seq: 1 }, messageId: 'balance:u1:1' } },
      { _id: 'u1:0002', amount: 3, outboxPending: true, outbox: { name: 'wallet.balance.changed', payload: { userId: 'u1', balance: 8, seq: 2 }, messageId: 'balance:u1:2' } },
      { _id: 'u1:0000', amount: 0, outboxPending: false, outbox: null },
    ] as never[]);

    expect(await outbox.flush()).toBe(2);
    await waitUntil(() => receivedIds().includes('balance:u1:2'), 5_000, 'the embedded events');
    expect(received.filter((e) => e.name === 'wallet.balance.changed').map((e) => e.payload)).toEqual([
      { userId: 'u1', balance: 5, seq: 1 },
      { userId: 'u1', balance: 8, seq: 2 },
    ]);
    expect(await entries.countDocuments({ outboxPending: true })).toBe(0);
    expect(await outbox.flush()).toBe(0); // nothing is published a second time
  } finally {
    await bus.close();
  }
});

test('a tracked embedded document is published on the next pass, read by _id, without rescanning its collection', async () => {
  const bus = testBus('wallet', { namespace });
  const outbox = createOutbox({
    connection: mongo.connection,
    bus,
    logger: silentLogger(),
    embedded: ['tracked_entries'],
    embeddedScanIntervalMs: 60 * 60_000,
  });
  const entries = mongo.connection.collection('tracked_entries');
  const event = (seq: number) => ({ name: 'wallet.balance.changed', payload: { userId: 'u9', balance: seq, seq }, messageId: `balance:u9:${seq}` });
  try {
    await bus.ready();
    await outbox.flush(); // the start-up scan: nothing yet
    await entries.insertOne({ _id: 'u9:1', outboxPending: true, outbox: event(1) } as never);
    await outbox.track('tracked_entries', 'u9:1');
    // An untracked document (its writer crashed before track) waits for the next full scan.
    await entries.insertOne({ _id: 'u9:2', outboxPending: true, outbox: event(2) } as never);
    expect(await outbox.flush()).toBe(1);
    await waitUntil(() => receivedIds().includes('balance:u9:1'), 5_000, 'the tracked event');
    expect(receivedIds()).not.toContain('balance:u9:2');
    expect((await entries.findOne({ _id: 'u9:1' } as never))?.outboxPending).toBe(false);
    expect(await mongo.connection.collection('outbox').countDocuments({})).toBe(0);
    await expect(outbox.track('not_embedded', 'x')).rejects.toThrow(/not an embedded/);
  } finally {
    await bus.close();
  }
});

test('a relay running on its interval and on every enqueue never publishes an event twice', async () => {
  const bus = testBus('checkin', { namespace });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger: silentLogger(), intervalMs: 20 });
  try {
    await bus.ready();
    outbox.start();
    const ids = Array.from({ length: 40 }, (_, i) => `checkin:burst${i}`);
    await Promise.all(
      ids.map(async (id, i) => {
        await outbox.enqueue({ name: 'wallet.credit.requested', payload: credit(id), messageId: id });
        if (i % 10 === 0) await outbox.flush(); // callers flushing directly overlap the relay too
      }),
    );
    // The same event written twice (a retried request) is harmless.
    await outbox.enqueue({ name: 'wallet.credit.requested', payload: credit(ids[0]!), messageId: ids[0]! });
    await waitUntil(() => ids.every((id) => receivedIds().includes(id)), 15_000, 'all 40 events');
    await new Promise((resolve) => setTimeout(resolve, 500)); // many more relay rounds
    await outbox.stop();
    const burst = receivedIds().filter((id) => id.startsWith('checkin:burst'));
    expect(burst).toHaveLength(40);
    expect(new Set(burst).size).toBe(40);
    expect(await mongo.connection.collection('outbox').countDocuments({ pending: true })).toBe(0);
  } finally {
    await outbox.stop();
    await bus.close();
  }
});

test('flush publishes pending events oldest first', async () => {
  const bus = testBus('checkin', { namespace });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger: silentLogger() });
  try {
    await bus.ready();
    const ids = ['checkin:order-c', 'checkin:order-a', 'checkin:order-b'];
    for (const id of ids) {
      await outbox.enqueue({ name: 'wallet.credit.requested', payload: credit(id), messageId: id });
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct createdAt
    }
    expect(await outbox.flush()).toBe(3);
    await waitUntil(() => ids.every((id) => receivedIds().includes(id)), 5_000, 'the three events');
    expect(receivedIds().filter((id) => id.startsWith('checkin:order'))).toEqual(ids);
  } finally {
    await bus.close();
  }
});

test('enqueue refuses a payload that breaks its contract and stores nothing', async () => {
  const bus = testBus('checkin', { namespace });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger: silentLogger() });
  try {
    const bad = { opId: 'checkin:bad', userId: 'u1', amount: -1, description: 'x' };
    await expect(outbox.enqueue({ name: 'wallet.credit.requested', payload: bad, messageId: 'checkin:bad' })).rejects.toThrow(TypeError);
    expect(await mongo.connection.collection('outbox').countDocuments({ _id: 'checkin:bad' } as never)).toBe(0);
  } finally {
    await bus.close();
  }
});
