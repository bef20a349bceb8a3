import { connect } from 'amqplib';
import { createInbox, type Bus, type IncomingEvent } from '../src';
import { TEST_AMQP_URL, brokerProxy, testBus, type BrokerProxy, type testMongo } from '../src/testing';

/**
 * `service`'s bus behind a broker proxy the test cuts, holds or drops, ready before `body` runs;
 * both are closed after it.
 */
export async function withProxiedBus(service: string, namespace: string, body: (bus: Bus, proxy: BrokerProxy) => Promise<void>): Promise<void> {
  const proxy = await brokerProxy(TEST_AMQP_URL);
  const bus = testBus(service, { namespace, url: proxy.url });
  try {
    await bus.ready();
    await body(bus, proxy);
  } finally {
    await bus.close();
    await proxy.close();
  }
}

/** A message straight onto the exchange, as a publisher that skipped validation (another version, another language) would send it. */
export async function publishUnchecked(namespace: string, routingKey: string, payload: unknown, properties: { messageId: string; persistent?: boolean }) {
  const connection = await connect(TEST_AMQP_URL);
  try {
    const channel = await connection.createConfirmChannel();
    channel.publish(`${namespace}.events`, routingKey, Buffer.from(JSON.stringify(payload)), { type: routingKey, ...properties });
    await channel.waitForConfirms();
  } finally {
    await connection.close();
  }
}

/**
 * A consumer's write made once through the inbox (ARCHITECTURE §4: consumers are idempotent): `apply` inserts an `applied`
 * document per messageId and records each delivery's attempt and whether the write ran.
 */
export function inboxApplier(connection: Awaited<ReturnType<typeof testMongo>>['connection']) {
  const inbox = createInbox(connection);
  const applied = connection.collection('applied');
  const deliveries: { attempt: number; ran: boolean }[] = [];
  const apply = async (event: IncomingEvent) => {
    const ran = await inbox.process(event.messageId, async () => {
      await applied.insertOne({ messageId: event.messageId });
    });
    deliveries.push({ attempt: event.attempt, ran });
  };
  return { applied, deliveries, apply };
}
