import request from 'supertest';
import type { CoinTransaction, DebitReply, EventPayload, PaymentCreated, PromoCode } from '@lakorn/contracts';
import { createOutbox, silentLogger, type Bus, type IncomingEvent, type Outbox } from '@lakorn/service-kit';
import { sessionCookie, testActor, testBus, testNamespace, waitUntil } from '@lakorn/service-kit/testing';
import { EMBEDDED_OUTBOX_COLLECTIONS } from '../src/data/models';
import { createStripeClient, createStripeProvider } from '../src/data/stripe';
import { entryId } from '../src/data/ledgerStore';
import { registerConsumers } from '../src/events/consumers';
import { startFakeStripe, type FakeStripe } from './support/fakeStripe';
import { startWallet, type WalletTestOptions, type WalletUnderTest } from './support/harness';

// README "A returning member": the profile id comes from the provider's subject, so an account
// deleted and signed up again has the same id. Its ledger is reopened as a new life (balance 0,
// signup:<id> and the codes used before stay spent), and whatever meets a closed ledger claims no
// coins: a payment is refunded, a promo use given back, a check-in's credit refused.

jest.setTimeout(120_000);

type Actor = ReturnType<typeof testActor>;

interface Stack {
  t: WalletUnderTest;
  identity: Bus;
  chat: Bus;
  balances: IncomingEvent<'wallet.balance.changed'>[];
  refusals: IncomingEvent<'wallet.credit.refused'>[];
  close(): Promise<void>;
}

/** The wallet as main.ts runs it: HTTP, its consumers and outbox relay on a bus of its own namespace. */
async function startStack(label: string, options: Omit<WalletTestOptions, 'label'>): Promise<Stack> {
  const namespace = testNamespace();
  const walletBus = testBus('wallet', { namespace });
  const identity = testBus('identity', { namespace });
  const chat = testBus('chat', { namespace });
  const checkin = testBus('checkin', { namespace });
  const t = await startWallet({ label, ...options });
  await Promise.all([walletBus.ready(), identity.ready(), chat.ready(), checkin.ready()]);
  await registerConsumers({ bus: walletBus, service: t.wallet, logger: silentLogger() });
  const balances: Stack['balances'] = [];
  await identity.consume({ queue: 'wallet-balances', events: ['wallet.balance.changed'], handler: async (e) => void balances.push(e) });
  const refusals: Stack['refusals'] = [];
  await checkin.consume({ queue: 'credit-refusals', events: ['wallet.credit.refused'], handler: async (e) => void refusals.push(e) });
  const outbox: Outbox = createOutbox({ connection: t.connection, bus: walletBus, logger: silentLogger(), embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 100 });
  outbox.start();
  return {
    t,
    identity,
    chat,
    balances,
    refusals,
    close: async () => {
      await outbox.stop();
      await Promise.all([walletBus.close(), identity.close(), chat.close(), checkin.close()]);
      await t.close();
    },
  };
}

const admin = testActor({ isAdmin: true });

function client(s: Stack, actor: Actor) {
  return {
    get: (path: string) => request(s.t.server).get(path).set('Cookie', sessionCookie(actor)),
    post: (path: string, body: object = {}) => request(s.t.server).post(path).set('Cookie', sessionCookie(actor)).send(body),
  };
}

/** identity's events, as its outbox publishes them: one registration per life of the account. */
async function register(s: Stack, actor: Actor, at: Date): Promise<void> {
  const payload: EventPayload<'identity.user.registered'> = { userId: actor.id, uid: actor.uid, email: actor.email, username: actor.id.slice(0, 12), registeredAt: at.toISOString() };
  await s.identity.publish('identity.user.registered', payload, { messageId: `registered:${actor.id}:${at.getTime()}` });
}

async function deleteAccount(s: Stack, actor: Actor, at: Date): Promise<void> {
  await s.identity.publish('identity.user.deleted', { userId: actor.id, deletedAt: at.toISOString() }, { messageId: `deleted:${actor.id}:${at.getTime()}` });
}

/** The new life takes movements once its reopening is complete (the voids alone are not enough). */
const reopened = (s: Stack, actor: Actor) =>
  waitUntil(async () => (await s.t.wallet.ledger.closure(actor.id))?.reopened === true, 10_000, 'the reopening');
const balanceOf = async (s: Stack, actor: Actor) => (await client(s, actor).get('/api/coins/balance')).body as { balance: number; seq: number };
const entryCount = async (s: Stack, actor: Actor) => (await s.t.entries(actor.id)).length;
const historyOf = async (s: Stack, actor: Actor) =>
  ((await client(s, actor).get(`/api/coins/transactions/${actor.id}`)).body as CoinTransaction[]).map((e) => [e.description, e.amount]);

async function createCode(s: Stack, body: object): Promise<PromoCode> {
  const res = await client(s, admin).post('/api/admin/promo-codes', body);
  expect(res.status).toBe(201);
  return res.body as PromoCode;
}
const usedCount = async (s: Stack, id: string) =>
  ((await client(s, admin).get('/api/admin/promo-codes')).body as PromoCode[]).find((c) => c.id === id)?.usedCount;

async function createPayment(s: Stack, actor: Actor): Promise<PaymentCreated> {
  const res = await client(s, actor).post('/api/payments/promptpay', { package: 'small' });
  expect(res.status).toBe(201);
  return res.body as PaymentCreated;
}

/** A member with one life behind them: registered (bonus 1000), a code used, then deleted. */
async function formerMember(s: Stack, code: PromoCode): Promise<{ actor: Actor; deletedAt: Date }> {
  const actor = testActor();
  const first = new Date(Date.now() - 60_000);
  await register(s, actor, first);
  await waitUntil(async () => (await balanceOf(s, actor)).balance === 1000, 10_000, 'the first life\'s bonus');
  expect((await client(s, actor).post('/api/coins/redeem', { code: code.code })).status).toBe(200);
  const deletedAt = new Date(first.getTime() + 30_000);
  await deleteAccount(s, actor, deletedAt);
  await waitUntil(async () => (await entryCount(s, actor)) === 0, 10_000, 'the deleted account\'s ledger to be removed');
  return { actor, deletedAt };
}

describe('a re-created account (simulated payments)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('wallet_returning_sim', { provider: 'simulated' });
  });
  afterAll(() => s.close());

  it('gets its ledger reopened: balance 0 and no second bonus; check-in, promo, send and purchase credit what they answer; history shows this life', async () => {
    const usedBefore = await createCode(s, { code: 'BEFORE1', coins: 50, type: 'limited', maxUses: 5 });
    const fresh = await createCode(s, { code: 'FRESH1', coins: 70, type: 'limited', maxUses: 3 });
    const { actor, deletedAt } = await formerMember(s, usedBefore);

    const again = new Date(deletedAt.getTime() + 10_000);
    await register(s, actor, again);
    // The new life's first entry reports its head (balance 0), as identity's profile needs.
    await waitUntil(() => s.balances.some((e) => e.payload.userId === actor.id && e.payload.balance === 0), 10_000, 'the reopened ledger\'s first balance');
    await reopened(s, actor);
    // A redelivered registration pays nothing either.
    await register(s, actor, again);
    expect(await balanceOf(s, actor)).toMatchObject({ balance: 0 });

    const opId = `checkin:${actor.id}:2026-12-03`;
    await s.identity.publish('wallet.credit.requested', { opId, userId: actor.id, amount: 20, description: 'เช็คอินรายวัน' }, { messageId: opId });
    await waitUntil(async () => (await balanceOf(s, actor)).balance === 20, 10_000, 'the check-in credit');

    const redeemed = await client(s, actor).post('/api/coins/redeem', { code: 'fresh1' });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toEqual({ coins: 70, balance: 90 });
    expect(await usedCount(s, fresh.id)).toBe(1);
    // A code this member used in the earlier life stays used.
    expect((await client(s, actor).post('/api/coins/redeem', { code: usedBefore.code })).body).toMatchObject({ code: 'PROMO_ALREADY_USED' });
    expect(await usedCount(s, usedBefore.id)).toBe(1);

    const payment = await createPayment(s, actor);
    expect((await client(s, actor).post(`/api/payments/simulate/${payment.paymentIntentId}`)).body).toMatchObject({ status: 'succeeded' });
    expect((await client(s, actor).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId })).body).toEqual({ coinsAdded: 500 });
    expect(await balanceOf(s, actor)).toMatchObject({ balance: 590 });

    const reply = await s.chat.request<DebitReply>('wallet.debit', { opId: `chat:${actor.id}:m1`, userId: actor.id, amount: 3, description: 'ส่งข้อความ', deadline: Date.now() + 10_000 }, { messageId: `chat:${actor.id}:m1`, timeoutMs: 10_000 });
    expect(reply).toEqual({ status: 'debited', balance: 587 });

    expect(await historyOf(s, actor)).toEqual([
      ['ส่งข้อความ', -3],
      ['ซื้อเหรียญ 500 เหรียญ', 500],
      ['โค้ดโปรโมชัน FRESH1', 70],
      ['เช็คอินรายวัน', 20],
    ]);
  });

  it('reopens whichever of the deletion and the new registration is handled first', async () => {
    const code = await createCode(s, { code: 'ORDER1', coins: 10 });
    const actor = testActor();
    const first = new Date(Date.now() - 60_000);
    await register(s, actor, first);
    await waitUntil(async () => (await balanceOf(s, actor)).balance === 1000, 10_000, 'the bonus');
    expect((await client(s, actor).post('/api/coins/redeem', { code: code.code })).status).toBe(200);
    // The new life's registration arrives before the deletion it follows.
    await register(s, actor, new Date(first.getTime() + 20_000));
    await deleteAccount(s, actor, new Date(first.getTime() + 10_000));
    await reopened(s, actor);
    expect(await balanceOf(s, actor)).toMatchObject({ balance: 0 });
    const opId = `checkin:${actor.id}:2026-12-04`;
    await s.identity.publish('wallet.credit.requested', { opId, userId: actor.id, amount: 30, description: 'เช็คอินรายวัน' }, { messageId: opId });
    await waitUntil(async () => (await balanceOf(s, actor)).balance === 30, 10_000, 'the check-in credit');
    expect((await client(s, actor).post('/api/coins/redeem', { code: code.code })).body).toMatchObject({ code: 'PROMO_ALREADY_USED' });
    expect(await historyOf(s, actor)).toEqual([['เช็คอินรายวัน', 30]]);
  });

  it('a movement that raced the deletion leaves nothing in the new life: it starts at 0 and the bonus stays spent', async () => {
    const spare = await createCode(s, { code: 'LATE1', coins: 5 });
    const { actor, deletedAt } = await formerMember(s, spare);
    // An apply that passed the closed check just before the close lands after the removal.
    await s.t.wallet.models.entries.insertMany([
      { _id: entryId(actor.id, 1), userId: actor.id, seq: 1, opId: `signup:${actor.id}`, kind: 'credit', amount: 1000, balanceAfter: 1000, description: 'โบนัสสมัครสมาชิก', ref: '', createdAt: new Date(), outboxPending: false, outbox: null },
    ]);
    await register(s, actor, new Date(deletedAt.getTime() + 10_000));
    await reopened(s, actor);
    expect(await balanceOf(s, actor)).toMatchObject({ balance: 0 });
    expect((await s.t.entries(actor.id)).map((e) => [e.opId, e.kind])).toEqual([
      [`signup:${actor.id}`, 'void'],
      [`promo:${spare.id}:${actor.id}`, 'void'],
    ]);
    expect(await historyOf(s, actor)).toEqual([]);
  });

  it('a payment paid after the account was deleted is refunded, never credited, and answers no coinsAdded', async () => {
    const actor = testActor();
    await register(s, actor, new Date(Date.now() - 60_000));
    await waitUntil(async () => (await balanceOf(s, actor)).balance === 1000, 10_000, 'the bonus');
    const payment = await createPayment(s, actor);
    await deleteAccount(s, actor, new Date(Date.now() - 30_000));
    await waitUntil(async () => (await entryCount(s, actor)) === 0, 10_000, 'the ledger to be removed');

    const paid = await client(s, actor).post(`/api/payments/simulate/${payment.paymentIntentId}`);
    expect(paid.body).toMatchObject({ status: 'refunded', succeeded: false });
    const done = await client(s, actor).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId });
    expect(done.status).toBe(409);
    expect(done.body).toMatchObject({ code: 'PAYMENT_NOT_SUCCEEDED', paymentStatus: 'refunded' });
    expect(done.body).not.toHaveProperty('coinsAdded');
    expect((await client(s, actor).post('/api/coins/purchase', { package: 'small', paymentIntentId: payment.paymentIntentId })).status).toBe(402);
    expect(await s.t.wallet.models.simulatedRefunds.countDocuments({ _id: payment.paymentIntentId })).toBe(1);
    expect(await s.t.wallet.models.entries.countDocuments({ opId: `payment:${payment.paymentIntentId}` })).toBe(0);
    // No new payment is taken for a closed account.
    const refused = await client(s, actor).post('/api/payments/promptpay', { package: 'small' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'WALLET_CLOSED' });
  });

  it('a promo redemption or a check-in credit that meets a closed ledger gives the use back and is refused, never claimed', async () => {
    const code = await createCode(s, { code: 'RACE1', coins: 40, type: 'limited', maxUses: 1 });
    const spare = await createCode(s, { code: 'SPARE1', coins: 5 });
    const { actor } = await formerMember(s, spare);

    const redeem = await client(s, actor).post('/api/coins/redeem', { code: code.code });
    expect(redeem.status).toBe(409);
    expect(redeem.body).toMatchObject({ code: 'WALLET_CLOSED' });
    expect(redeem.body).not.toHaveProperty('coins');
    expect(await usedCount(s, code.id)).toBe(0);
    // The use is back: another member can still take the code's only use.
    expect((await client(s, testActor()).post('/api/coins/redeem', { code: code.code })).body).toMatchObject({ coins: 40 });

    const opId = `checkin:${actor.id}:2026-12-05`;
    await s.identity.publish('wallet.credit.requested', { opId, userId: actor.id, amount: 20, description: 'เช็คอินรายวัน' }, { messageId: opId });
    await waitUntil(() => s.refusals.some((e) => e.payload.opId === opId), 10_000, 'the credit refusal');
    expect(s.refusals.find((e) => e.payload.opId === opId)?.payload).toEqual({ opId, userId: actor.id, reason: 'closed' });
    expect(await entryCount(s, actor)).toBe(0);
  });
});

describe('a re-created account (Stripe)', () => {
  let stripe: FakeStripe;
  let s: Stack;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    const stripeClient = createStripeClient({ secretKey: stripe.secretKey, apiBase: stripe.url });
    s = await startStack('wallet_returning_stripe', { provider: createStripeProvider(stripeClient), stripeWebhook: { client: stripeClient, webhookSecret: stripe.webhookSecret } });
  });
  afterAll(async () => {
    await s.close();
    await stripe.close();
  });

  const webhook = ({ payload, signature }: { payload: string; signature: string }) =>
    request(s.t.server).post('/api/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);

  it('a Stripe payment that settles after the account was deleted is refunded at Stripe once, and credits nothing', async () => {
    const actor = testActor();
    await register(s, actor, new Date(Date.now() - 60_000));
    await waitUntil(async () => (await balanceOf(s, actor)).balance === 1000, 10_000, 'the bonus');
    const payment = await createPayment(s, actor);
    await deleteAccount(s, actor, new Date(Date.now() - 30_000));
    await waitUntil(async () => (await entryCount(s, actor)) === 0, 10_000, 'the ledger to be removed');

    stripe.pay(payment.paymentIntentId);
    const event = stripe.signedEvent('payment_intent.succeeded', payment.paymentIntentId);
    const answers = await Promise.all([webhook(event), webhook(event), webhook(event)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const done = await client(s, actor).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId });
    expect(done.status).toBe(409);
    expect(done.body).toMatchObject({ paymentStatus: 'refunded' });
    expect((await client(s, actor).get(`/api/payments/status/${payment.paymentIntentId}`)).body).toMatchObject({ status: 'refunded', succeeded: false });
    const refunds = stripe.refunds.filter((r) => r.payment_intent === payment.paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1900, status: 'succeeded' });
    expect(await s.t.wallet.models.entries.countDocuments({ opId: `payment:${payment.paymentIntentId}` })).toBe(0);
  });

  it('after the account is re-created a Stripe purchase credits and /complete answers what was credited', async () => {
    const spare = await createCode(s, { code: 'STRIPE1', coins: 5 });
    const { actor, deletedAt } = await formerMember(s, spare);
    await register(s, actor, new Date(deletedAt.getTime() + 10_000));
    await reopened(s, actor);
    const payment = await createPayment(s, actor);
    stripe.pay(payment.paymentIntentId);
    expect((await client(s, actor).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId })).body).toEqual({ coinsAdded: 500 });
    expect(await balanceOf(s, actor)).toMatchObject({ balance: 500 });
    expect(stripe.refunds.filter((r) => r.payment_intent === payment.paymentIntentId)).toHaveLength(0);
  });
});
