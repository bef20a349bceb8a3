import type { DebitReply, EventPayload } from '@lakorn/contracts';
import { createOutbox, silentLogger, type Bus, type IncomingEvent, type Outbox } from '@lakorn/service-kit';
import { testActor, testBus, testNamespace, waitUntil } from '@lakorn/service-kit/testing';
import { EMBEDDED_OUTBOX_COLLECTIONS } from '../src/data/models';
import { registerConsumers, SIGNUP_DESCRIPTION } from '../src/events/consumers';
import type { WalletService } from '../src/service';
import { startWalletService, type ServiceUnderTest } from './support/harness';

// The wallet's bus contract (ARCHITECTURE §4, README "Bus contract") against real RabbitMQ:
// chat's debit request/reply and refunds, credits, identity's registration and deletion, and the
// wallet.balance.changed events the ledger entries carry.

jest.setTimeout(60_000);

const namespace = testNamespace();
const walletBus = testBus('wallet', { namespace });
const chatBus = testBus('chat', { namespace });
const identityBus = testBus('identity', { namespace });
let t: ServiceUnderTest;
let wallet: WalletService;
let outbox: Outbox;
const balanceEvents: IncomingEvent<'wallet.balance.changed'>[] = [];
let n = 0;
const newUser = () => `bus-user-${++n}-${Date.now().toString(36)}`;

function debit(payload: EventPayload<'wallet.debit'>): Promise<DebitReply> {
  return chatBus.request<DebitReply>('wallet.debit', payload, { messageId: payload.opId, timeoutMs: 10_000 });
}

async function publish<N extends 'wallet.refund.requested' | 'wallet.credit.requested' | 'identity.user.registered' | 'identity.user.deleted'>(
  bus: Bus,
  name: N,
  payload: EventPayload<N>,
  messageId: string,
): Promise<void> {
  await bus.publish(name, payload, { messageId });
}

const entriesOf = (userId: string) => t.entries(userId);
const balanceOf = async (userId: string) => (await wallet.ledger.balance(userId)).balance;

async function credit(userId: string, amount: number): Promise<void> {
  await wallet.ledger.apply({ userId, opId: `seed:${userId}:${amount}:${Math.random()}`, kind: 'credit', amount, description: 'seed' });
}

beforeAll(async () => {
  t = await startWalletService({ label: 'wallet_bus', provider: null });
  wallet = t.wallet;
  await Promise.all([walletBus.ready(), chatBus.ready(), identityBus.ready()]);
  await registerConsumers({ bus: walletBus, service: wallet, logger: silentLogger() });
  await identityBus.consume({
    queue: 'wallet-balances',
    events: ['wallet.balance.changed'],
    handler: async (event) => {
      balanceEvents.push(event);
    },
  });
  outbox = createOutbox({ connection: t.connection, bus: walletBus, logger: silentLogger(), embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 100 });
  outbox.start();
});

afterAll(async () => {
  await outbox.stop();
  await Promise.all([walletBus.close(), chatBus.close(), identityBus.close()]);
  await t.close();
});

describe('wallet.debit request/reply', () => {
  it('debits and answers the new balance; the same opId again answers the same without a second debit', async () => {
    const u = newUser();
    await credit(u, 100);
    const request = { opId: `chat:${u}:m1`, userId: u, amount: 30, description: 'ส่งข้อความ', deadline: Date.now() + 10_000 };
    expect(await debit(request)).toEqual({ status: 'debited', balance: 70 });
    expect(await debit(request)).toEqual({ status: 'debited', balance: 70 });
    expect(await balanceOf(u)).toBe(70);
  });

  it('answers insufficient with the balance, and keeps answering it for that opId after a top-up', async () => {
    const u = newUser();
    await credit(u, 10);
    const request = { opId: `chat:${u}:big`, userId: u, amount: 11, description: 'ส่งข้อความ', deadline: Date.now() + 10_000 };
    expect(await debit(request)).toEqual({ status: 'insufficient', balance: 10 });
    await credit(u, 100);
    // A redelivered copy must not charge for a message the requester already reported as refused.
    expect(await debit({ ...request, deadline: Date.now() + 10_000 })).toEqual({ status: 'insufficient', balance: 10 });
    expect(await balanceOf(u)).toBe(110);
  });

  it('answers void to a request past its deadline and refuses every later copy of that opId', async () => {
    const u = newUser();
    await credit(u, 50);
    const late = { opId: `chat:${u}:late`, userId: u, amount: 5, description: 'ส่งข้อความ', deadline: Date.now() - 1 };
    expect(await wallet.coinRequests.debit(late)).toEqual({ status: 'void' });
    expect(await debit({ ...late, deadline: Date.now() + 10_000 })).toEqual({ status: 'void' });
    expect(await balanceOf(u)).toBe(50);
  });
});

describe('wallet.refund.requested', () => {
  it('refunds a debit exactly once, however often the request arrives', async () => {
    const u = newUser();
    await credit(u, 100);
    const opId = `chat:${u}:m2`;
    expect(await debit({ opId, userId: u, amount: 40, description: 'ส่งข้อความ', deadline: Date.now() + 10_000 })).toEqual({ status: 'debited', balance: 60 });
    await Promise.all([1, 2, 3].map(() => publish(chatBus, 'wallet.refund.requested', { opId, userId: u, reason: 'no reply' }, `refund:${opId}`)));
    await waitUntil(async () => (await balanceOf(u)) === 100, 10_000, 'the refund');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const refunds = (await entriesOf(u)).filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ opId: `refund:${opId}`, amount: 40, description: 'คืนเหรียญ', ref: opId });
  });

  it('voids an opId whose debit never arrived, so the late debit is refused', async () => {
    const u = newUser();
    await credit(u, 100);
    const opId = `chat:${u}:lost`;
    await publish(chatBus, 'wallet.refund.requested', { opId, userId: u, reason: 'no reply' }, `refund:${opId}`);
    await waitUntil(async () => (await entriesOf(u)).some((e) => e.opId === opId), 10_000, 'the void');
    expect(await debit({ opId, userId: u, amount: 10, description: 'ส่งข้อความ', deadline: Date.now() + 10_000 })).toEqual({ status: 'void' });
    expect(await balanceOf(u)).toBe(100);
    expect((await entriesOf(u)).map((e) => e.kind)).toEqual(['credit', 'void']);
  });
});

describe('wallet.credit.requested', () => {
  it('credits once per opId with the requester description', async () => {
    const u = newUser();
    const payload = { opId: `checkin:${u}:2025-01-01`, userId: u, amount: 40, description: 'เช็คอินรายวัน' };
    await publish(identityBus, 'wallet.credit.requested', payload, payload.opId);
    await publish(identityBus, 'wallet.credit.requested', payload, payload.opId);
    await waitUntil(async () => (await balanceOf(u)) === 40, 10_000, 'the credit');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await entriesOf(u)).map((e) => [e.opId, e.amount, e.description])).toEqual([[payload.opId, 40, 'เช็คอินรายวัน']]);
  });
});

describe('identity events', () => {
  const registered = (userId: string) => ({ userId, uid: `g-${userId}`, email: `${userId}@example.test`, username: userId, registeredAt: new Date().toISOString() });

  it('credits the registration bonus once per user (opId signup:<userId>), 1000 by default', async () => {
    const u = newUser();
    await publish(identityBus, 'identity.user.registered', registered(u), `registered:${u}`);
    await publish(identityBus, 'identity.user.registered', registered(u), `registered:${u}`);
    await waitUntil(async () => (await balanceOf(u)) === 1000, 10_000, 'the bonus');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await entriesOf(u)).map((e) => [e.opId, e.amount, e.description])).toEqual([[`signup:${u}`, 1000, SIGNUP_DESCRIPTION]]);
  });

  it('uses the bonus the owner set at the time the registration is handled', async () => {
    const owner = testActor({ isOwner: true, isAdmin: true });
    await wallet.settings.setRegistrationBonus(250, owner);
    try {
      const u = newUser();
      await publish(identityBus, 'identity.user.registered', registered(u), `registered:${u}`);
      await waitUntil(async () => (await balanceOf(u)) === 250, 10_000, 'the 250 bonus');
    } finally {
      await wallet.settings.setRegistrationBonus(1000, owner);
    }
  });

  it('closes the wallet of a deleted user: entries removed, later credits not applied', async () => {
    const u = newUser();
    await credit(u, 30);
    await publish(identityBus, 'identity.user.deleted', { userId: u, deletedAt: new Date().toISOString() }, `deleted:${u}`);
    await waitUntil(async () => (await entriesOf(u)).length === 0, 10_000, 'the wallet to close');
    expect(await wallet.coinRequests.credit({ opId: `checkin:${u}:x`, userId: u, amount: 5, description: 'x' })).toBe('closed');
    expect(await wallet.coinRequests.debit({ opId: `chat:${u}:x`, userId: u, amount: 5, description: 'x', deadline: Date.now() + 1000 })).toEqual({ status: 'void' });
  });
});

describe('wallet.balance.changed', () => {
  it('is published for each entry with the head it made (messageId balance:<userId>:<seq>)', async () => {
    const u = newUser();
    await credit(u, 10);
    await credit(u, 5);
    await debit({ opId: `chat:${u}:e`, userId: u, amount: 3, description: 'ส่งข้อความ', deadline: Date.now() + 10_000 });
    await waitUntil(() => balanceEvents.filter((e) => e.payload.userId === u).length >= 3, 10_000, 'three balance events');
    const mine = balanceEvents.filter((e) => e.payload.userId === u).sort((a, b) => a.payload.seq - b.payload.seq);
    expect(mine.map((e) => [e.messageId, e.payload.seq, e.payload.balance])).toEqual([
      [`balance:${u}:1`, 1, 10],
      [`balance:${u}:2`, 2, 15],
      [`balance:${u}:3`, 3, 12],
    ]);
  });
});
