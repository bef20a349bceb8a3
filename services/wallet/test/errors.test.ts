import request from 'supertest';
import type { PaymentCreated } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { startWallet, type WalletUnderTest } from './support/harness';

// routes/errors.ts: every refusal the domain throws reaches the client as exactly the bytes the
// README "HTTP API" names (status, message, code and extra fields, in that order), so the pages
// that branch on `code` and show the spec's text keep working.

jest.setTimeout(60_000);

let t: WalletUnderTest;
const admin = testActor({ isAdmin: true });
const owner = testActor({ isOwner: true, isAdmin: true });
const payer = testActor();

beforeAll(async () => {
  t = await startWallet({ label: 'wallet_errors', provider: 'simulated' });
});
afterAll(() => t.close());

const as = (actor: ReturnType<typeof testActor>) => ({
  get: (path: string) => request(t.server).get(path).set('Cookie', sessionCookie(actor)),
  post: (path: string, body: object = {}) => request(t.server).post(path).set('Cookie', sessionCookie(actor)).send(body),
  put: (path: string, body: object = {}) => request(t.server).put(path).set('Cookie', sessionCookie(actor)).send(body),
});

/** The answer as it goes over the wire: the status and the body's exact text. */
const wire = (res: request.Response) => ({ status: res.status, body: res.text });
const answer = (status: number, body: object) => ({ status, body: JSON.stringify(body) });

async function unpaidPayment(pkg = 'small'): Promise<PaymentCreated> {
  return (await as(payer).post('/api/payments/promptpay', { package: pkg })).body as PaymentCreated;
}

describe('the domain refusals answer exactly as the README says', () => {
  it('promo codes: unknown, used before, existing and missing', async () => {
    expect(wire(await as(payer).post('/api/coins/redeem', { code: 'NOSUCHCODE' }))).toEqual(
      answer(400, { message: 'Invalid promo code', code: 'INVALID_PROMO' }),
    );
    await as(admin).post('/api/admin/promo-codes', { code: 'ERRTWICE', coins: 5 });
    expect((await as(payer).post('/api/coins/redeem', { code: 'ERRTWICE' })).status).toBe(200);
    expect(wire(await as(payer).post('/api/coins/redeem', { code: 'errtwice' }))).toEqual(
      answer(409, { message: 'คุณใช้โค้ดนี้ไปแล้ว', code: 'PROMO_ALREADY_USED' }),
    );
    expect(wire(await as(admin).post('/api/admin/promo-codes', { code: 'errtwice', coins: 5 }))).toEqual(
      answer(409, { message: 'Promo code already exists', code: 'PROMO_EXISTS' }),
    );
    expect(wire(await as(admin).put('/api/admin/promo-codes/promo_missing', { isActive: false }))).toEqual(
      answer(404, { message: 'Promo code not found', code: 'NOT_FOUND' }),
    );
  });

  it('payments: unknown package, missing, unpaid, switched off', async () => {
    expect(wire(await as(payer).post('/api/payments/promptpay', { package: 'huge' }))).toEqual(
      answer(400, { message: 'Invalid package selection', code: 'INVALID_PACKAGE' }),
    );
    expect(wire(await as(payer).get('/api/payments/status/pi_missing'))).toEqual(answer(404, { message: 'Payment not found', code: 'NOT_FOUND' }));
    const payment = await unpaidPayment();
    expect(wire(await as(payer).post('/api/payments/complete', { paymentIntentId: payment.paymentIntentId }))).toEqual(
      answer(409, { message: 'Payment has not succeeded', code: 'PAYMENT_NOT_SUCCEEDED', paymentStatus: 'pending' }),
    );
    await as(owner).post('/api/admin/payment-system', { enabled: false });
    try {
      expect(wire(await as(payer).post('/api/payments/promptpay', { package: 'small' }))).toEqual(
        answer(403, {
          message: 'The payment system is not open yet. Please contact us through our social media pages.',
          code: 'PAYMENT_DISABLED',
          paymentDisabled: true,
        }),
      );
    } finally {
      await as(owner).post('/api/admin/payment-system', { enabled: true });
    }
  });

  it('the purchase call: no payment, unpaid, another package', async () => {
    expect(wire(await as(payer).post('/api/coins/purchase', { package: 'small' }))).toEqual(
      answer(402, { message: 'Coins are bought with a PromptPay payment: POST /api/payments/promptpay', code: 'PAYMENT_REQUIRED' }),
    );
    const payment = await unpaidPayment('medium');
    expect(wire(await as(payer).post('/api/coins/purchase', { package: 'medium', paymentIntentId: payment.paymentIntentId }))).toEqual(
      answer(402, { message: 'Payment has not succeeded', code: 'PAYMENT_NOT_SUCCEEDED', paymentStatus: 'pending' }),
    );
    await as(payer).post(`/api/payments/simulate/${payment.paymentIntentId}`);
    expect(wire(await as(payer).post('/api/coins/purchase', { package: 'small', paymentIntentId: payment.paymentIntentId }))).toEqual(
      answer(409, { message: 'This payment was for another package' }),
    );
  });

  it('the simulated bank: a QR past its hour, and production', async () => {
    const payment = await unpaidPayment();
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(wire(await as(payer).post(`/api/payments/simulate/${payment.paymentIntentId}`))).toEqual(
      answer(410, { message: 'This QR code has expired', code: 'PAYMENT_EXPIRED' }),
    );
    const prod = await startWallet({ label: 'wallet_errors_prod', provider: 'simulated', nodeEnv: 'production' });
    try {
      const res = await request(prod.server).post('/api/payments/simulate/pi_any').set('Cookie', sessionCookie(payer));
      expect(wire(res)).toEqual(answer(403, { message: 'Simulated payments are refused in production', code: 'SIMULATION_REFUSED' }));
    } finally {
      await prod.close();
    }
  });
});
