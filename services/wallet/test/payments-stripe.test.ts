import request from 'supertest';
import { TIMERS, type PaymentCreated } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import type { EntryDoc } from '../src/data/models';
import { createStripeClient, createStripeProvider } from '../src/data/stripe';
import { startFakeStripe, type FakeStripe } from './support/fakeStripe';
import { startWallet, type WalletUnderTest } from './support/harness';

// Stripe PromptPay through the real `stripe` SDK against the in-repo fake Stripe server, with
// webhooks signed as Stripe signs them (ARCHITECTURE §8).

jest.setTimeout(60_000);

let stripe: FakeStripe;
let t: WalletUnderTest;

beforeAll(async () => {
  stripe = await startFakeStripe();
  const client = createStripeClient({ secretKey: stripe.secretKey, apiBase: stripe.url });
  t = await startWallet({
    label: 'wallet_stripe',
    provider: createStripeProvider(client),
    stripeWebhook: { client, webhookSecret: stripe.webhookSecret },
  });
});

afterAll(async () => {
  await t.close();
  await stripe.close();
});

const as = (actor: ReturnType<typeof testActor>) => ({
  get: (path: string) => request(t.server).get(path).set('Cookie', sessionCookie(actor)),
  post: (path: string, body: object) => request(t.server).post(path).set('Cookie', sessionCookie(actor)).send(body),
});

function webhook(payload: string, signature: string) {
  return request(t.server).post('/api/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
}

async function createPayment(actor: ReturnType<typeof testActor>, pkg = 'small'): Promise<PaymentCreated> {
  const res = await as(actor).post('/api/payments/promptpay', { userId: actor.id, package: pkg });
  expect(res.status).toBe(201);
  return res.body as PaymentCreated;
}

const paymentEntries = (paymentId: string) => t.wallet.models.entries.find({ opId: `payment:${paymentId}` }).lean<EntryDoc[]>();

it('creates a confirmed THB PromptPay intent for the server-side price and shows Stripe’s QR images', async () => {
  const payer = testActor();
  const payment = await createPayment(payer, 'medium');
  const intent = stripe.intents.get(payment.paymentIntentId)!;
  expect(intent).toMatchObject({ amount: 3900, currency: 'thb', status: 'requires_action', metadata: { userId: payer.id, package: 'medium', coins: '1000' } });
  const create = stripe.calls.find((c) => c.method === 'POST' && c.path === '/v1/payment_intents')!;
  expect(create.body).toMatchObject({ confirm: 'true', payment_method_data: { type: 'promptpay', billing_details: { email: payer.email } } });
  expect(payment).toMatchObject({
    provider: 'stripe',
    clientSecret: intent.client_secret,
    amountThb: 39,
    package: { id: 'medium', coins: 1000, priceThb: 39 },
    qr: { imageUrlSvg: `https://qr.stripe.test/${intent.id}.svg`, imageUrlPng: `https://qr.stripe.test/${intent.id}.png` },
    simulateAvailable: false,
  });
  expect((await as(payer).get(`/api/payments/status/${payment.paymentIntentId}`)).body).toMatchObject({ status: 'pending', succeeded: false });
});

it('the same signed webhook delivered 20 times at once credits exactly once', async () => {
  const payer = testActor();
  const payment = await createPayment(payer);
  stripe.pay(payment.paymentIntentId);
  const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', payment.paymentIntentId);
  const responses = await Promise.all(Array.from({ length: 20 }, () => webhook(payload, signature)));
  expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));

  const credits = await paymentEntries(payment.paymentIntentId);
  expect(credits).toHaveLength(1);
  expect(credits[0]).toMatchObject({ userId: payer.id, amount: 500, kind: 'credit', description: 'ซื้อเหรียญ 500 เหรียญ' });
  expect(await t.wallet.ledger.balance(payer.id)).toMatchObject({ balance: 500 });
  // /complete afterwards answers the same coins, and credits nothing more.
  for (let i = 0; i < 2; i++) {
    const done = await as(payer).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId });
    expect(done.body).toEqual({ coinsAdded: 500 });
  }
  expect(await paymentEntries(payment.paymentIntentId)).toHaveLength(1);
});

it('refuses a webhook whose signature does not verify, and credits nothing', async () => {
  const payer = testActor();
  const payment = await createPayment(payer);
  stripe.pay(payment.paymentIntentId);
  const forged = stripe.signedEvent('payment_intent.succeeded', payment.paymentIntentId, 'whsec_not_the_secret');
  expect((await webhook(forged.payload, forged.signature)).status).toBe(400);
  const genuine = stripe.signedEvent('payment_intent.succeeded', payment.paymentIntentId);
  // The body changed after signing (one byte) no longer matches its signature.
  expect((await webhook(genuine.payload.replace('"livemode":false', '"livemode":true '), genuine.signature)).status).toBe(400);
  expect((await request(t.server).post('/api/payments/webhook').send(genuine.payload)).status).toBe(400);
  expect(await paymentEntries(payment.paymentIntentId)).toHaveLength(0);
});

it('settles from Stripe, not from the event body: an unpaid intent is not credited by a "succeeded" event', async () => {
  const payer = testActor();
  const payment = await createPayment(payer);
  const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', payment.paymentIntentId);
  const event = JSON.parse(payload) as { data: { object: { status: string } } };
  expect(event.data.object.status).toBe('requires_action');
  expect((await webhook(payload, signature)).status).toBe(200);
  expect(await paymentEntries(payment.paymentIntentId)).toHaveLength(0);
});

it('never credits an intent that does not match its order (amount changed)', async () => {
  const payer = testActor();
  const payment = await createPayment(payer);
  stripe.pay(payment.paymentIntentId);
  stripe.tamper(payment.paymentIntentId, { amount: 100 });
  const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', payment.paymentIntentId);
  expect((await webhook(payload, signature)).status).toBe(200);
  expect(await paymentEntries(payment.paymentIntentId)).toHaveLength(0);
  expect((await as(payer).get(`/api/payments/status/${payment.paymentIntentId}`)).body).toMatchObject({ status: 'failed', succeeded: false });
});

it('an expired QR is cancelled at Stripe and never credited, even by a later webhook', async () => {
  const payer = testActor();
  const payment = await createPayment(payer);
  t.clock.advance(TIMERS.qrExpiry);
  try {
    expect(await t.wallet.payments.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(stripe.intents.get(payment.paymentIntentId)?.status).toBe('canceled');
    expect(() => stripe.pay(payment.paymentIntentId)).toThrow(/canceled/);
    const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', payment.paymentIntentId);
    expect((await webhook(payload, signature)).status).toBe(200);
    expect(await paymentEntries(payment.paymentIntentId)).toHaveLength(0);
    expect((await as(payer).get(`/api/payments/status/${payment.paymentIntentId}`)).body).toMatchObject({ status: 'expired' });
    expect((await as(payer).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId })).status).toBe(409);
  } finally {
    t.clock.advance(-TIMERS.qrExpiry);
  }
});

it('a QR paid just before its hour is credited when settled after it (cancel answers "paid")', async () => {
  const payer = testActor();
  const payment = await createPayment(payer);
  stripe.pay(payment.paymentIntentId);
  t.clock.advance(TIMERS.qrExpiry + 1000);
  try {
    await t.wallet.payments.sweepExpired();
    expect(await paymentEntries(payment.paymentIntentId)).toHaveLength(1);
  } finally {
    t.clock.advance(-(TIMERS.qrExpiry + 1000));
  }
});

it('the status poll settles a paid intent without a webhook', async () => {
  const payer = testActor();
  const payment = await createPayment(payer, 'xl');
  stripe.pay(payment.paymentIntentId);
  expect((await as(payer).get(`/api/payments/status/${payment.paymentIntentId}`)).body).toMatchObject({ status: 'succeeded', succeeded: true });
  expect(await t.wallet.ledger.balance(payer.id)).toMatchObject({ balance: 10000 });
});
