import request from 'supertest';
import { ABUSE_MESSAGES, ERROR_CODES, QUOTAS } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { startWallet, type WalletUnderTest } from './support/harness';

// contracts QUOTAS: at most 5 failed promo redemptions per member in 10 minutes (guessing codes),
// then every try is 429 in Thai until the window passes; a success does not count.

jest.setTimeout(120_000);

let t: WalletUnderTest;
const admin = testActor({ isAdmin: true });

beforeAll(async () => {
  t = await startWallet({ label: 'wallet_promo_attempts', provider: null });
  for (const code of ['REAL100', 'REAL200', 'REAL300']) {
    const res = await request(t.server).post('/api/admin/promo-codes').set('Cookie', sessionCookie(admin)).send({ code, coins: 100 });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t.close());

const redeem = (actor: ReturnType<typeof testActor>, code: string) =>
  request(t.server).post('/api/coins/redeem').set('Cookie', sessionCookie(actor)).send({ code });
const LOCKED = { message: ABUSE_MESSAGES.promoAttempts, code: ERROR_CODES.quota };

test('after 5 failed tries a sixth, even with a valid code, is 429 in Thai until the window passes', async () => {
  const member = testActor();
  t.clock.advance(QUOTAS.failedPromoWindowMs); // start of a fresh window
  for (let i = 0; i < QUOTAS.failedPromoRedemptions; i++) expect((await redeem(member, `GUESS${i}X`)).status).toBe(400);
  const sixth = await redeem(member, 'REAL100');
  expect(sixth.status).toBe(429);
  expect(sixth.body).toEqual(LOCKED);
  expect(await t.entries(member.id)).toEqual([]);
  t.clock.advance(QUOTAS.failedPromoWindowMs);
  expect((await redeem(member, 'REAL100')).status).toBe(200);
});

test('parallel guesses: at most 5 failures are evaluated, the rest are 429', async () => {
  const member = testActor();
  const guesses = [...Array.from({ length: 11 }, (_, i) => `PAR${i}GUESS`), 'REAL300'];
  const results = await Promise.all(guesses.map((code) => redeem(member, code)));
  const evaluated = results.filter((r) => r.status !== 429);
  expect(evaluated.length).toBeLessThanOrEqual(QUOTAS.failedPromoRedemptions + 1);
  expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(guesses.length - QUOTAS.failedPromoRedemptions - 1);
  expect(evaluated.filter((r) => r.status === 400).length).toBeLessThanOrEqual(QUOTAS.failedPromoRedemptions);
});

test('a success does not count: a member who redeems can still fail 5 times', async () => {
  const member = testActor();
  expect((await redeem(member, 'REAL200')).status).toBe(200);
  for (let i = 0; i < QUOTAS.failedPromoRedemptions; i++) expect((await redeem(member, `MISS${i}XY`)).status).toBe(400);
  expect((await redeem(member, 'MISS9XY')).status).toBe(429);
});

test('one member locked out does not lock out another', async () => {
  const guesser = testActor();
  for (let i = 0; i < QUOTAS.failedPromoRedemptions + 1; i++) await redeem(guesser, `OTHER${i}Z`);
  expect((await redeem(guesser, 'REAL300')).status).toBe(429);
  expect((await redeem(testActor(), 'REAL300')).status).toBe(200);
});
