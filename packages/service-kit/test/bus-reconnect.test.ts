import pino from 'pino';
import type { DebitReply, EventPayload } from '@lakorn/contracts';
import type { IncomingEvent } from '../src';
import { TEST_AMQP_URL, brokerProxy, closeBrokerConnections, testBus, testMongo, testNamespace, waitUntil } from '../src/testing';
import { inboxApplier } from './support';

jest.setTimeout(30_000);

/** A logger whose messages the test can read. */
function capturingLogger(): { logger: pino.Logger; messages: string[] } {
  const messages: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) });
  return { logger, messages };
}

function updated(userId: string): EventPayload<'identity.user.updated'> {
  return { userId, username: `name-${userId}`, profileUrl: '' };
}

test('after the broker closes its connections the bus reconnects and consuming and responding resume', async () => {
  const namespace = testNamespace();
  const { logger, messages } = capturingLogger();
  const wallet = testBus('wallet', { namespace, logger });
  const identity = testBus('identity', { namespace });
  try {
    await Promise.all([wallet.ready(), identity.ready()]);
    const received: IncomingEvent<'identity.user.updated'>[] = [];
    await wallet.consume({
      queue: 'identity-events',
      events: ['identity.user.updated'],
      handler: async (event) => {
        received.push(event);
      },
    });
    await wallet.respond('wallet.debit', async (payload): Promise<DebitReply> => ({ status: 'debited', balance: 100 - payload.amount }));
    await identity.publish('identity.user.updated', updated('before'), { messageId: 'update:before' });
    await waitUntil(() => received.length === 1, 5_000, 'the first delivery');

    expect(await closeBrokerConnections(namespace)).toBe(2);
    await waitUntil(() => messages.includes('connection to message broker lost; reconnecting'), 5_000, 'the drop to be noticed');
    await waitUntil(() => wallet.isConnected() && identity.isConnected(), 10_000, 'reconnection');
    expect(messages).toContain('connection to message broker restored');

    await identity.publish('identity.user.updated', updated('after'), { messageId: 'update:after' });
    await waitUntil(() => received.some((e) => e.messageId === 'update:after'), 5_000, 'a delivery after reconnecting');
    const debit = { opId: 'chat:m1', userId: 'u1', amount: 3, description: 'chat', deadline: Date.now() + 5_000 };
    await expect(identity.request<DebitReply>('wallet.debit', debit, { messageId: 'chat:m1', timeoutMs: 5_000 })).resolves.toEqual({
      status: 'debited',
      balance: 97,
    });
  } finally {
    await Promise.all([wallet.close(), identity.close()]);
  }
});

test('a consumer that dies before its ack gets the message again, and the inbox applies it exactly once', async () => {
  const namespace = testNamespace();
  const mongo = await testMongo('servicekit_crash');
  const proxy = await brokerProxy(TEST_AMQP_URL);
  const wallet = testBus('wallet', { namespace, url: proxy.url });
  const identity = testBus('identity', { namespace });
  let unblockFirst: () => void = () => undefined;
  try {
    await Promise.all([wallet.ready(), identity.ready()]);
    const { applied, deliveries, apply } = inboxApplier(mongo.connection);
    await wallet.consume({
      queue: 'identity-events',
      events: ['identity.user.updated'],
      handler: async (event) => {
        await apply(event);
        // The first delivery hangs after its write, as a process that dies before acking.
        if (deliveries.length === 1) await new Promise<void>((resolve) => (unblockFirst = resolve));
      },
    });
    await identity.publish('identity.user.updated', updated('u1'), { messageId: 'update:u1' });
    await waitUntil(() => deliveries.length === 1, 5_000, 'the first delivery');

    proxy.drop(); // the connection dies with the message unacked
    await waitUntil(() => deliveries.length === 2, 15_000, 'the redelivery');
    // A redelivery after a crash is not a handler failure: the attempt count stays.
    expect(deliveries).toEqual([
      { attempt: 1, ran: true },
      { attempt: 1, ran: false },
    ]);
    expect(await applied.countDocuments({ messageId: 'update:u1' })).toBe(1);
    unblockFirst(); // its late ack goes to a dead channel and is ignored
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries).toHaveLength(2);
  } finally {
    unblockFirst();
    await Promise.all([wallet.close(), identity.close()]);
    await proxy.close();
    await mongo.drop();
  }
});
