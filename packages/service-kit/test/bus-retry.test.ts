import { mongo as driver } from 'mongoose';
import type { EventPayload } from '@lakorn/contracts';
import { ATTEMPT_HEADER, DEAD_REASON_HEADER } from '../src/bus/bus';
import type { IncomingEvent } from '../src';
import { takeQueuedMessages, testBus, testMongo, testNamespace, waitUntil } from '../src/testing';
import { inboxApplier, publishUnchecked } from './support';

jest.setTimeout(20_000);

const namespace = testNamespace();
const publisher = testBus('catalog', { namespace });
const consumer = testBus('chat', { namespace, maxAttempts: 3, retryDelayMs: 100 });
let mongo: Awaited<ReturnType<typeof testMongo>>;

function deleted(characterId: string): EventPayload<'catalog.character.deleted'> {
  return { characterId, userId: 'owner' };
}

/** The consumer's handler for catalog.character.deleted on its queue `queue`. */
const onDeleted = (queue: string, handler: (event: IncomingEvent<'catalog.character.deleted'>) => Promise<void>) =>
  consumer.consume({ queue, events: ['catalog.character.deleted'], handler });

beforeAll(async () => {
  mongo = await testMongo('servicekit_retry');
  await Promise.all([publisher.ready(), consumer.ready()]);
});

afterAll(async () => {
  await Promise.all([publisher.close(), consumer.close()]);
  await mongo.drop();
});

test('a message whose handler always fails is retried after retryDelayMs up to maxAttempts, then dead-lettered with the reason', async () => {
  const attempts: number[] = [];
  const times: number[] = [];
  await onDeleted('always-fails', async (event) => {
    attempts.push(event.attempt);
    times.push(Date.now());
    throw new Error('database unreachable');
  });
  await publisher.publish('catalog.character.deleted', deleted('c1'), { messageId: 'delete:c1' });

  const dead = await takeQueuedMessages(`${namespace}.chat.always-fails.dead`, 1, 8_000);
  expect(attempts).toEqual([1, 2, 3]);
  // Each retry waited out the retry queue's delay (100 ms; timers may fire a little early).
  expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(90);
  expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(90);
  expect(dead).toHaveLength(1);
  expect(dead[0]?.body).toEqual(deleted('c1'));
  expect(dead[0]?.properties).toMatchObject({ messageId: 'delete:c1', type: 'catalog.character.deleted' });
  expect(dead[0]?.properties.headers?.[ATTEMPT_HEADER]).toBe(3);
  expect(dead[0]?.properties.headers?.[DEAD_REASON_HEADER]).toBe('handler failed 3 times: database unreachable');
  // Nothing is tried a fourth time.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(attempts).toEqual([1, 2, 3]);
});

test('a handler failing because the database is unreachable is retried past maxAttempts, its attempts uncounted, and never dead-lettered', async () => {
  const attempts: number[] = [];
  await onDeleted('database-away', async (event) => {
    attempts.push(event.attempt);
    // Five failures: more than maxAttempts (3), as during a database outage.
    if (attempts.length <= 5) throw new driver.MongoNetworkError('connection 7 to 127.0.0.1:27017 closed');
  });
  await publisher.publish('catalog.character.deleted', deleted('c5'), { messageId: 'delete:c5' });

  await waitUntil(() => attempts.length === 6, 8_000, 'the sixth delivery');
  expect(attempts).toEqual([1, 1, 1, 1, 1, 1]);
  expect(await takeQueuedMessages(`${namespace}.chat.database-away.dead`, 1, 300)).toEqual([]);
});

test('a payload that breaks its contract goes to the dead queue at once, without reaching the handler', async () => {
  const handled: string[] = [];
  await onDeleted('contract-check', async (event) => {
    handled.push(event.messageId);
  });
  await publishUnchecked(namespace, 'catalog.character.deleted', { characterId: 42 }, { messageId: 'delete:bad', persistent: true });
  await publisher.publish('catalog.character.deleted', deleted('c2'), { messageId: 'delete:c2' });

  const dead = await takeQueuedMessages(`${namespace}.chat.contract-check.dead`, 1);
  expect(dead).toHaveLength(1);
  expect(dead[0]?.properties.messageId).toBe('delete:bad');
  expect(dead[0]?.properties.headers?.[ATTEMPT_HEADER]).toBe(1);
  expect(String(dead[0]?.properties.headers?.[DEAD_REASON_HEADER])).toMatch(/does not match its contract/);
  await waitUntil(() => handled.includes('delete:c2'), 5_000, 'the valid message');
  expect(handled).toEqual(['delete:c2']);
});

test('a handler that throws after its write sees the message again, and through the inbox applies it once', async () => {
  const { applied, deliveries: runs, apply } = inboxApplier(mongo.connection);
  await onDeleted('flaky', async (event) => {
    await apply(event);
    if (event.attempt === 1) throw new Error('crashed after the write, before the ack');
  });
  await publisher.publish('catalog.character.deleted', deleted('c3'), { messageId: 'delete:c3' });

  await waitUntil(() => runs.length === 2, 8_000, 'the retried delivery');
  expect(runs).toEqual([
    { attempt: 1, ran: true },
    { attempt: 2, ran: false },
  ]);
  expect(await applied.countDocuments({ messageId: 'delete:c3' })).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(runs).toHaveLength(2); // acked after the second delivery
  expect(await takeQueuedMessages(`${namespace}.chat.flaky.dead`, 1, 200)).toHaveLength(0);
});
