import net from 'node:net';
import { connect } from 'amqplib';
import type { EventPayload } from '@lakorn/contracts';
import { BusUnavailableError, type IncomingEvent } from '../src';
import { TEST_AMQP_URL, brokerProxy, takeQueuedMessages, testBus, testNamespace, waitUntil } from '../src/testing';
import { withProxiedBus } from './support';

jest.setTimeout(20_000);

const namespace = testNamespace();
const identity = testBus('identity', { namespace });
const wallet = testBus('wallet', { namespace });
const received: IncomingEvent<'identity.user.registered'>[] = [];

function registered(userId: string): EventPayload<'identity.user.registered'> {
  return { userId, uid: `google-${userId}`, email: `${userId}@example.test`, username: userId, registeredAt: new Date().toISOString() };
}

beforeAll(async () => {
  await Promise.all([identity.ready(), wallet.ready()]);
  await wallet.consume({
    queue: 'identity-events',
    events: ['identity.user.registered'],
    handler: async (event) => {
      received.push(event);
    },
  });
});

afterAll(async () => {
  await Promise.all([identity.close(), wallet.close()]);
});

test('a confirmed publish reaches the consumer with its messageId, name, payload and attempt 1', async () => {
  expect(identity.isConnected()).toBe(true);
  const payload = registered('u1');
  await identity.publish('identity.user.registered', payload, { messageId: 'signup:u1' });
  await waitUntil(() => received.some((e) => e.messageId === 'signup:u1'), 5_000, 'delivery');
  expect(received.find((e) => e.messageId === 'signup:u1')).toEqual({
    name: 'identity.user.registered',
    payload,
    messageId: 'signup:u1',
    attempt: 1,
  });
});

test('publish resolves only after the broker confirms, even when the message is already delivered', async () => {
  const proxy = await brokerProxy(TEST_AMQP_URL);
  const publisher = testBus('identity', { namespace, url: proxy.url });
  try {
    await publisher.ready();
    proxy.hold(); // the broker's confirm cannot reach the publisher
    let confirmed = false;
    const publishing = publisher.publish('identity.user.registered', registered('u2'), { messageId: 'signup:u2' }).then(() => {
      confirmed = true;
    });
    await waitUntil(() => received.some((e) => e.messageId === 'signup:u2'), 5_000, 'delivery');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(confirmed).toBe(false);
    proxy.release();
    await publishing;
    expect(confirmed).toBe(true);
  } finally {
    await publisher.close();
    await proxy.close();
  }
});

test('a published message is persistent JSON with messageId, type = event name and a timestamp', async () => {
  // A queue of the test's own on the namespace's exchange sees exactly what the bus sent.
  const connection = await connect(TEST_AMQP_URL);
  const queue = `${namespace}.probe`;
  try {
    const channel = await connection.createChannel();
    await channel.assertQueue(queue, { durable: true, arguments: { 'x-expires': 60_000 } });
    await channel.bindQueue(queue, `${namespace}.events`, 'identity.user.registered');
    const before = Math.floor(Date.now() / 1000);
    const payload = registered('u3');
    await identity.publish('identity.user.registered', payload, { messageId: 'signup:u3' });
    const [message] = await takeQueuedMessages(queue, 1);
    expect(message?.body).toEqual(payload);
    expect(message?.properties).toMatchObject({
      messageId: 'signup:u3',
      type: 'identity.user.registered',
      contentType: 'application/json',
      deliveryMode: 2,
    });
    expect(message?.properties.timestamp).toBeGreaterThanOrEqual(before);
  } finally {
    await connection.close();
  }
});

test('publish refuses a payload that breaks its contract and sends nothing', async () => {
  const bad = { userId: 'u4' } as unknown as EventPayload<'identity.user.registered'>;
  await expect(identity.publish('identity.user.registered', bad, { messageId: 'signup:u4' })).rejects.toThrow(TypeError);
  await identity.publish('identity.user.registered', registered('u5'), { messageId: 'signup:u5' });
  await waitUntil(() => received.some((e) => e.messageId === 'signup:u5'), 5_000, 'the next delivery');
  expect(received.some((e) => e.messageId === 'signup:u4')).toBe(false);
});

test('publish rejects with BusUnavailableError within a few seconds when the broker is unreachable', async () => {
  await withProxiedBus('identity', namespace, async (publisher, proxy) => {
    proxy.cut();
    await waitUntil(() => !publisher.isConnected(), 5_000, 'the bus to notice the drop');
    const startedAt = Date.now();
    await expect(publisher.publish('identity.user.registered', registered('u6'), { messageId: 'signup:u6' })).rejects.toBeInstanceOf(
      BusUnavailableError,
    );
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});

test('a bus pointed at a closed port is not connected, fails publish with BusUnavailableError, and close() settles ready()', async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));

  const unreachable = testBus('identity', { url: `amqp://guest:guest@127.0.0.1:${port}` });
  const ready = unreachable.ready();
  expect(unreachable.isConnected()).toBe(false);
  await expect(unreachable.publish('identity.user.registered', registered('u7'), { messageId: 'signup:u7' })).rejects.toBeInstanceOf(
    BusUnavailableError,
  );
  await unreachable.close();
  await expect(ready).rejects.toBeInstanceOf(BusUnavailableError);
});
