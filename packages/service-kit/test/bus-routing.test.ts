import { connect } from 'amqplib';
import { DEAD_REASON_HEADER } from '../src/bus/bus';
import { TEST_AMQP_URL, takeQueuedMessages, testBus, testNamespace } from '../src/testing';

jest.setTimeout(20_000);

const namespace = testNamespace();
const consumer = testBus('chat', { namespace });

beforeAll(() => consumer.ready());
afterAll(() => consumer.close());

test("on the shared exchange an event is its routing key: a publisher allowed catalog.* cannot pass one off as identity.user.deleted through the `type` property", async () => {
  const handled: string[] = [];
  await consumer.consume({
    queue: 'both',
    events: ['catalog.character.deleted', 'identity.user.deleted'],
    handler: async (event) => {
      handled.push(event.name);
    },
  });
  const connection = await connect(TEST_AMQP_URL);
  try {
    const channel = await connection.createConfirmChannel();
    // The broker's topic permissions see only the routing key (ARCHITECTURE §4, one broker user per service).
    channel.publish(`${namespace}.events`, 'catalog.character.deleted', Buffer.from(JSON.stringify({ userId: 'u1', deletedAt: '2025-01-01T00:00:00.000Z' })), {
      type: 'identity.user.deleted',
      messageId: 'spoof:1',
    });
    await channel.waitForConfirms();
  } finally {
    await connection.close();
  }
  const dead = await takeQueuedMessages(`${namespace}.chat.both.dead`, 1, 8_000);
  expect(handled).toEqual([]);
  expect(String(dead[0]?.properties.headers?.[DEAD_REASON_HEADER])).toContain('catalog.character.deleted payload does not match its contract');
});
