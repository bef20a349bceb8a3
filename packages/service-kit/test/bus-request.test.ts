import type { DebitReply, EventPayload } from '@lakorn/contracts';
import { BusTimeoutError, BusUnavailableError } from '../src';
import { takeQueuedMessages, testBus, testNamespace } from '../src/testing';
import { publishUnchecked, withProxiedBus } from './support';

jest.setTimeout(20_000);

const namespace = testNamespace();
const chat = testBus('chat', { namespace });
const wallet = testBus('wallet', { namespace });

function debit(opId: string, amount: number): EventPayload<'wallet.debit'> {
  return { opId, userId: 'u1', amount, description: 'chat message', deadline: Date.now() + 5_000 };
}

beforeAll(async () => {
  await Promise.all([chat.ready(), wallet.ready()]);
  await wallet.respond('wallet.debit', async (payload, { messageId }): Promise<DebitReply> => {
    if (messageId !== payload.opId) throw new Error('messageId must be the opId');
    // Replies finish out of order, so correlation cannot lean on arrival order.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
    return { status: 'debited', balance: payload.amount * 1000 };
  });
});

afterAll(async () => {
  await Promise.all([chat.close(), wallet.close()]);
});

test('each of 50 concurrent requests gets its own reply (correlationId)', async () => {
  const amounts = Array.from({ length: 50 }, (_, i) => i + 1);
  const replies = await Promise.all(
    amounts.map((amount) => chat.request<DebitReply>('wallet.debit', debit(`chat:m${amount}`, amount), { messageId: `chat:m${amount}`, timeoutMs: 10_000 })),
  );
  expect(replies).toEqual(amounts.map((amount) => ({ status: 'debited', balance: amount * 1000 })));
});

test('a request nobody answers rejects with BusTimeoutError after timeoutMs', async () => {
  // Nothing in this namespace responds to wallet.credit.requested.
  const request = { opId: 'checkin:u1', userId: 'u1', amount: 5, description: 'daily check-in' };
  const startedAt = Date.now();
  await expect(chat.request('wallet.credit.requested', request, { messageId: 'checkin:u1', timeoutMs: 300 })).rejects.toBeInstanceOf(
    BusTimeoutError,
  );
  const elapsed = Date.now() - startedAt;
  expect(elapsed).toBeGreaterThanOrEqual(290);
  expect(elapsed).toBeLessThan(1_500);
});

test('a request while the broker is unreachable rejects with BusUnavailableError, not a timeout', async () => {
  await withProxiedBus('chat', namespace, async (requester, proxy) => {
    proxy.cut();
    await expect(requester.request('wallet.debit', debit('chat:down', 1), { messageId: 'chat:down', timeoutMs: 10_000 })).rejects.toBeInstanceOf(
      BusUnavailableError,
    );
  });
});

test('a request in flight when the connection drops fails at once with BusUnavailableError', async () => {
  await withProxiedBus('chat', namespace, async (requester, proxy) => {
    proxy.hold(); // the reply cannot come back before the drop
    const pending = requester.request('wallet.debit', debit('chat:drop', 1), { messageId: 'chat:drop', timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const startedAt = Date.now();
    proxy.drop();
    await expect(pending).rejects.toBeInstanceOf(BusUnavailableError);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });
});

test('a request whose payload breaks its contract is refused before sending; one that slips through is dead-lettered', async () => {
  await expect(chat.request('wallet.debit', { opId: 'x' }, { messageId: 'x', timeoutMs: 1_000 })).rejects.toThrow(TypeError);

  await publishUnchecked(namespace, 'wallet.debit', { opId: 'chat:bad', amount: -5 }, { messageId: 'chat:bad' });
  const dead = await takeQueuedMessages(`${namespace}.wallet.wallet.debit.dead`, 1);
  expect(dead.map((m) => m.properties.messageId)).toEqual(['chat:bad']);
});
