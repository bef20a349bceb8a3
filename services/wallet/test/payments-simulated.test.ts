import request from 'supertest';
import { ERROR_CODES, TIMERS, type PaymentCreated } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import type { EntryDoc, SimulatedIntentDoc } from '../src/data/models';
import { promptPayPayload } from '../src/domain/promptpay';
import { startWallet, type WalletUnderTest } from './support/harness';

// PromptPay with the simulated provider (ARCHITECTURE §8): create → pay (simulated) → status
// succeeded → complete credits once; expiry; the payment switch; the purchase call; production.

jest.setTimeout(60_000);

let t: WalletUnderTest;
const owner = testActor({ isOwner: true, isAdmin: true });

beforeAll(async () => {
  t = await startWallet({ label: 'wallet_simulated', provider: 'simulated', promptPayId: '0812345678' });
});
afterAll(() => t.close());

const as = (actor: ReturnType<typeof testActor>) => ({
  get: (path: string) => request(t.server).get(path).set('Cookie', sessionCookie(actor)),
  post: (path: string, body: object = {}) => request(t.server).post(path).set('Cookie', sessionCookie(actor)).send(body),
});

async function createPayment(actor: ReturnType<typeof testActor>, pkg = 'small'): Promise<PaymentCreated> {
  const res = await as(actor).post('/api/payments/promptpay', { userId: actor.id, package: pkg });
  expect(res.status).toBe(201);
  return res.body as PaymentCreated;
}

const paymentEntries = (paymentId: string) => t.wallet.models.entries.find({ opId: `payment:${paymentId}` }).lean<EntryDoc[]>();

describe('simulated PromptPay payment', () => {
  it('create → simulate → status succeeded → complete credits once, the same answer on repeats', async () => {
    const payer = testActor();
    const payment = await createPayment(payer);
    expect(payment).toMatchObject({
      paymentDisabled: false,
      provider: 'simulated',
      package: { id: 'small', coins: 500, priceThb: 19 },
      amountThb: 19,
      currency: 'thb',
      simulateAvailable: true,
    });
    expect(payment.qr.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(Date.parse(payment.expiresAt) - Date.now()).toBeGreaterThan(TIMERS.qrExpiry - 60_000);

    const pending = await as(payer).get(`/api/payments/status/${payment.paymentIntentId}`);
    expect(pending.body).toMatchObject({ status: 'pending', succeeded: false });
    expect((await as(payer).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId })).status).toBe(409);

    const paid = await as(payer).post(`/api/payments/simulate/${payment.paymentIntentId}`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'succeeded', succeeded: true });

    expect((await as(payer).get(`/api/payments/status/${payment.paymentIntentId}`)).body).toMatchObject({ status: 'succeeded', succeeded: true });
    for (let i = 0; i < 3; i++) {
      const done = await as(payer).post('/api/payments/complete', { userId: payer.id, paymentIntentId: payment.paymentIntentId });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ coinsAdded: 500 });
    }
    const credits = await paymentEntries(payment.paymentIntentId);
    expect(credits).toHaveLength(1);
    expect(await t.wallet.ledger.balance(payer.id)).toMatchObject({ balance: 500 });
    const history = await as(payer).get(`/api/coins/transactions/${payer.id}`);
    expect(history.body).toEqual([{ id: credits[0]!._id, createdAt: credits[0]!.createdAt.toISOString(), description: 'ซื้อเหรียญ 500 เหรียญ', amount: 500 }]);
  });

  it('shows a genuine PromptPay QR: the EMVCo payload for the price, paid to PROMPTPAY_ID', async () => {
    const payment = await createPayment(testActor(), 'large');
    const intent = await t.wallet.models.simulatedIntents.findById(payment.paymentIntentId).lean<SimulatedIntentDoc>();
    expect(intent?.payload).toBe(promptPayPayload('0812345678', 89));
    expect(intent?.payload).toContain('5405' + '89.00');
  });

  it('refuses an unknown package with "Invalid package selection" and takes prices only from the server', async () => {
    const payer = testActor();
    for (const pkg of ['huge', '']) {
      const res = await as(payer).post('/api/payments/promptpay', { package: pkg });
      expect({ pkg, status: res.status, message: res.body.message }).toEqual({ pkg, status: 400, message: 'Invalid package selection' });
    }
    // A package that is not a string is a wrong type, as any field's (contracts CreatePaymentBody).
    for (const pkg of [5, { $gt: '' }, null, []]) {
      const res = await as(payer).post('/api/payments/promptpay', { package: pkg });
      expect({ pkg, status: res.status, code: res.body.code }).toEqual({ pkg, status: 400, code: 'VALIDATION' });
    }
    const res = await as(payer).post('/api/payments/promptpay', { package: 'xl', amount: 1, coins: 999999 });
    expect(res.body).toMatchObject({ amountThb: 249, package: { coins: 10000 } });
  });

  it("hides someone else's payment (404) and refuses acting as someone else (403)", async () => {
    const payer = testActor();
    const other = testActor();
    const payment = await createPayment(payer);
    expect((await as(other).get(`/api/payments/status/${payment.paymentIntentId}`)).status).toBe(404);
    expect((await as(other).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId })).status).toBe(404);
    expect((await as(other).post(`/api/payments/simulate/${payment.paymentIntentId}`)).status).toBe(404);
    expect((await as(other).post('/api/payments/promptpay', { userId: payer.id, package: 'small' })).status).toBe(403);
    expect((await request(t.server).post('/api/payments/promptpay').send({ package: 'small' })).status).toBe(401);
    expect(await paymentEntries(payment.paymentIntentId)).toHaveLength(0);
  });

  it('never credits an expired QR: simulate after the hour is refused, status says expired', async () => {
    const payer = testActor();
    const payment = await createPayment(payer);
    t.clock.advance(TIMERS.qrExpiry);
    try {
      const late = await as(payer).post(`/api/payments/simulate/${payment.paymentIntentId}`);
      expect(late.status).toBe(410);
      expect(late.body.code).toBe('PAYMENT_EXPIRED');
      expect((await as(payer).get(`/api/payments/status/${payment.paymentIntentId}`)).body).toMatchObject({ status: 'expired', succeeded: false });
      expect((await as(payer).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId })).status).toBe(409);
    } finally {
      t.clock.advance(-TIMERS.qrExpiry);
    }
    // Back within the hour by the clock, the cancelled intent still cannot be paid.
    expect((await as(payer).post(`/api/payments/simulate/${payment.paymentIntentId}`)).status).toBe(410);
    expect(await paymentEntries(payment.paymentIntentId)).toHaveLength(0);
  });

  it('the sweeper expires unpaid QR codes past their hour', async () => {
    const payer = testActor();
    const payment = await createPayment(payer);
    t.clock.advance(TIMERS.qrExpiry + 1);
    try {
      await t.wallet.payments.sweepExpired();
    } finally {
      t.clock.advance(-(TIMERS.qrExpiry + 1));
    }
    expect((await t.wallet.models.payments.findById(payment.paymentIntentId).lean())?.status).toBe('expired');
    expect((await as(payer).post(`/api/payments/simulate/${payment.paymentIntentId}`)).status).toBe(410);
  });
});

describe('payment switch', () => {
  it('off: refuses new payments with paymentDisabled, but still settles a payment made before', async () => {
    const payer = testActor();
    const before = await createPayment(payer);
    expect((await as(owner).post('/api/admin/payment-system', { enabled: false })).body).toEqual({ enabled: false });
    try {
      expect((await as(payer).get('/api/payment-system/status')).body).toEqual({ enabled: false });
      const refused = await as(payer).post('/api/payments/promptpay', { package: 'small' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ paymentDisabled: true, code: 'PAYMENT_DISABLED' });
      expect(typeof refused.body.message).toBe('string');

      expect((await as(payer).post(`/api/payments/simulate/${before.paymentIntentId}`)).status).toBe(200);
      expect((await as(payer).post('/api/payments/complete', { paymentIntentId: before.paymentIntentId })).body).toEqual({ coinsAdded: 500 });
    } finally {
      expect((await as(owner).post('/api/admin/payment-system', { userId: owner.id, enabled: true })).body).toEqual({ enabled: true });
    }
    expect((await as(payer).get('/api/payment-system/status')).body).toEqual({ enabled: true });
  });

  it('only the owner may switch it', async () => {
    const admin = testActor({ isAdmin: true });
    expect((await as(admin).post('/api/admin/payment-system', { enabled: false })).status).toBe(403);
    expect((await as(testActor()).post('/api/admin/payment-system', { enabled: false })).status).toBe(403);
    expect((await as(owner).post('/api/admin/payment-system', { enabled: 'no' })).status).toBe(400);
    expect((await as(admin).get('/api/admin/payment-system')).body).toEqual({ enabled: true, available: true, provider: 'simulated' });
  });
});

describe('POST /api/coins/purchase', () => {
  it('never credits by itself: it answers only for a settled payment of that package', async () => {
    const payer = testActor();
    const bare = await as(payer).post('/api/coins/purchase', { userId: payer.id, package: 'small' });
    expect(bare.status).toBe(402);
    expect(bare.body.code).toBe('PAYMENT_REQUIRED');
    expect((await as(payer).post('/api/coins/purchase', { package: 'nope' })).status).toBe(400);

    const payment = await createPayment(payer, 'medium');
    expect((await as(payer).post('/api/coins/purchase', { package: 'medium', paymentIntentId: payment.paymentIntentId })).status).toBe(402);
    await as(payer).post(`/api/payments/simulate/${payment.paymentIntentId}`);
    expect((await as(payer).post('/api/coins/purchase', { package: 'small', paymentIntentId: payment.paymentIntentId })).status).toBe(409);
    const ok = await as(payer).post('/api/coins/purchase', { package: 'medium', paymentIntentId: payment.paymentIntentId });
    expect(ok.body).toEqual({ purchase: { coins: 1000, package: 'medium', paymentIntentId: payment.paymentIntentId } });
    expect(await t.wallet.ledger.balance(payer.id)).toMatchObject({ balance: 1000 });
  });
});

describe('production', () => {
  it('refuses the simulate action with 403 when NODE_ENV=production', async () => {
    const prod = await startWallet({ label: 'wallet_simprod', provider: 'simulated', nodeEnv: 'production' });
    try {
      const payer = testActor();
      const created = await request(prod.server).post('/api/payments/promptpay').set('Cookie', sessionCookie(payer)).send({ package: 'small' });
      expect(created.body.simulateAvailable).toBe(false);
      const res = await request(prod.server).post(`/api/payments/simulate/${created.body.paymentIntentId}`).set('Cookie', sessionCookie(payer));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('SIMULATION_REFUSED');
      expect(await prod.wallet.models.entries.countDocuments()).toBe(0);
    } finally {
      await prod.close();
    }
  });

  it('without any provider, payments are unavailable: status off, creation refused', async () => {
    const none = await startWallet({ label: 'wallet_noprovider', provider: null, nodeEnv: 'production' });
    try {
      const payer = testActor();
      expect((await request(none.server).get('/api/payment-system/status').set('Cookie', sessionCookie(payer))).body).toEqual({ enabled: false });
      const res = await request(none.server).post('/api/payments/promptpay').set('Cookie', sessionCookie(payer)).send({ package: 'small' });
      expect(res.status).toBe(403);
      expect(res.body.paymentDisabled).toBe(true);
    } finally {
      await none.close();
    }
  });
});

it('a Stripe webhook where Stripe is not configured answers 404 (a 5xx would be retried by Stripe for days)', async () => {
  const res = await request(t.server).post('/api/payments/webhook').set('Stripe-Signature', 't=1,v1=x').send('{}');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: 'Stripe webhooks are not configured', code: ERROR_CODES.notFound });
});
