import request from 'supertest';
import type { PromoCode } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import type { EntryDoc } from '../src/data/models';
import { startWallet, type WalletUnderTest } from './support/harness';

// Promo codes: admin list/create/activate/delete and redemption (spec §2, §5, §7, §8).

jest.setTimeout(120_000);

let t: WalletUnderTest;
const admin = testActor({ isAdmin: true });
const member = testActor();

beforeAll(async () => {
  t = await startWallet({ label: 'wallet_promo', provider: null });
});
afterAll(() => t.close());

const as = (actor: ReturnType<typeof testActor>) => ({
  get: (path: string) => request(t.server).get(path).set('Cookie', sessionCookie(actor)),
  post: (path: string, body: object) => request(t.server).post(path).set('Cookie', sessionCookie(actor)).send(body),
  put: (path: string, body: object) => request(t.server).put(path).set('Cookie', sessionCookie(actor)).send(body),
  delete: (path: string) => request(t.server).delete(path).set('Cookie', sessionCookie(actor)),
});

async function createCode(body: object): Promise<PromoCode> {
  const res = await as(admin).post('/api/admin/promo-codes', { userId: admin.uid, ...body });
  expect(res.status).toBe(201);
  return res.body as PromoCode;
}

describe('promo code admin (admins only)', () => {
  it('creates with the spec defaults: 100 coins, unlimited, active', async () => {
    const code = await createCode({ code: 'Welcome2025' });
    expect(code).toMatchObject({ code: 'Welcome2025', coins: 100, type: 'unlimited', maxUses: null, usedCount: 0, isActive: true });
    expect(Number.isNaN(Date.parse(code.createdAt))).toBe(false);
  });

  it('defaults maxUses to 10 for a limited code and keeps a given one', async () => {
    expect(await createCode({ code: 'LIMITDEF', type: 'limited' })).toMatchObject({ type: 'limited', maxUses: 10 });
    expect(await createCode({ code: 'LIMIT3', type: 'limited', maxUses: 3, coins: 7 })).toMatchObject({ maxUses: 3, coins: 7 });
  });

  it('generates a random letters-and-digits code when asked or when the code is empty', async () => {
    const a = await createCode({ generateRandom: true, code: 'ignored' });
    const b = await createCode({ code: '' });
    for (const c of [a, b]) expect(c.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(a.code).not.toBe(b.code);
  });

  it('refuses codes outside 4-20 letters and digits, coins outside 1-100000 and maxUses below 1', async () => {
    const bad = [
      { code: 'ab-12' },
      { code: 'abc' },
      { code: 'a'.repeat(21) },
      { code: 'GOODCODE', coins: 0 },
      { code: 'GOODCODE', coins: 100001 },
      { code: 'GOODCODE', coins: 1.5 },
      { code: 'GOODCODE', type: 'limited', maxUses: 0 },
      { code: 'GOODCODE', type: 'forever' },
      { code: { $gt: '' } },
    ];
    for (const body of bad) {
      const res = await as(admin).post('/api/admin/promo-codes', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const res = await as(admin).post('/api/admin/promo-codes', { code: 'ab-12' });
    expect(res.body.message).toContain('Code must contain only letters and numbers');
  });

  it('refuses a code that exists already, whatever its case', async () => {
    await createCode({ code: 'DUPE1' });
    const res = await as(admin).post('/api/admin/promo-codes', { code: 'dupe1' });
    expect(res.status).toBe(409);
  });

  it('lists newest first, toggles active and deletes', async () => {
    const code = await createCode({ code: 'TOGGLE1' });
    const list = await as(admin).get(`/api/admin/promo-codes?userId=${admin.uid}`);
    expect(list.status).toBe(200);
    expect((list.body as PromoCode[])[0]?.id).toBe(code.id);

    const off = await as(admin).put(`/api/admin/promo-codes/${code.id}`, { userId: admin.uid, isActive: false });
    expect(off.body).toMatchObject({ id: code.id, isActive: false });
    const on = await as(admin).put(`/api/admin/promo-codes/${code.id}`, { isActive: true });
    expect(on.body).toMatchObject({ isActive: true });

    expect((await as(admin).delete(`/api/admin/promo-codes/${code.id}?userId=${admin.uid}`)).status).toBe(204);
    expect((await as(admin).delete(`/api/admin/promo-codes/${code.id}`)).status).toBe(404);
    expect((await as(admin).put(`/api/admin/promo-codes/${code.id}`, { isActive: true })).status).toBe(404);
  });

  it('refuses members (403), strangers (401) and admins acting as someone else (403)', async () => {
    expect((await as(member).get('/api/admin/promo-codes')).status).toBe(403);
    expect((await as(member).post('/api/admin/promo-codes', { code: 'MEMBER1' })).status).toBe(403);
    expect((await request(t.server).get('/api/admin/promo-codes')).status).toBe(401);
    expect((await as(admin).get('/api/admin/promo-codes?userId=someone-else')).status).toBe(403);
  });
});

describe('POST /api/coins/redeem', () => {
  const redeem = (actor: ReturnType<typeof testActor>, code: string) => as(actor).post('/api/coins/redeem', { userId: actor.id, code });

  it('credits the coins once per user, case-insensitively, with a Thai description; the second try says it was used', async () => {
    const code = await createCode({ code: 'ONCE50', coins: 50 });
    const user = testActor();
    const first = await redeem(user, 'once50');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ coins: 50, balance: 50 });
    const again = await redeem(user, 'ONCE50');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'คุณใช้โค้ดนี้ไปแล้ว', code: 'PROMO_ALREADY_USED' });
    const entries = await t.wallet.models.entries.find({ userId: user.id }).lean<EntryDoc[]>();
    expect(entries.map((e) => [e.opId, e.amount, e.description])).toEqual([[`promo:${code.id}:${user.id}`, 50, 'โค้ดโปรโมชัน ONCE50']]);
  });

  it('answers "Invalid promo code" for unknown, blank, inactive and used-up codes', async () => {
    const inactive = await createCode({ code: 'SLEEPY1' });
    await as(admin).put(`/api/admin/promo-codes/${inactive.id}`, { isActive: false });
    await createCode({ code: 'ONEUSE1', type: 'limited', maxUses: 1 });
    expect((await redeem(testActor(), 'ONEUSE1')).status).toBe(200);
    for (const code of ['NOSUCHCODE', '', '   ', 'SLEEPY1', 'ONEUSE1', 'bad code!']) {
      const res = await redeem(testActor(), code);
      expect({ code, status: res.status, message: res.body.message }).toEqual({ code, status: 400, message: 'Invalid promo code' });
    }
  });

  it('derives usedCount from the redemptions', async () => {
    const code = await createCode({ code: 'COUNTME', type: 'limited', maxUses: 5 });
    for (let i = 0; i < 3; i++) await redeem(testActor(), 'COUNTME');
    const list = (await as(admin).get('/api/admin/promo-codes')).body as PromoCode[];
    expect(list.find((c) => c.id === code.id)).toMatchObject({ usedCount: 3, maxUses: 5 });
  });

  it('refuses redeeming for someone else', async () => {
    await createCode({ code: 'MINEONLY' });
    const res = await as(member).post('/api/coins/redeem', { userId: 'another-user', code: 'MINEONLY' });
    expect(res.status).toBe(403);
  });

  it('a limited code with maxUses 10 raced by 100 users who each submit twice credits exactly 10', async () => {
    const code = await createCode({ code: 'RACE10', type: 'limited', maxUses: 10, coins: 77 });
    const users = Array.from({ length: 100 }, () => testActor());
    const started = Date.now();
    const results = await Promise.all(users.flatMap((u) => [redeem(u, 'RACE10'), redeem(u, 'race10')]));
    const elapsedMs = Date.now() - started;
    // A winner's second submission is told it used the code; everyone else is told the code is invalid.
    const refusal = (r: request.Response) => (r.status === 409 ? r.body.code === 'PROMO_ALREADY_USED' : r.status === 400 && r.body.message === 'Invalid promo code');
    expect(results.every((r) => r.status === 200 || refusal(r))).toBe(true);

    const credits = await t.wallet.models.entries.find({ opId: { $regex: `^promo:${code.id}:` } }).lean<EntryDoc[]>();
    expect(credits).toHaveLength(10);
    expect(new Set(credits.map((c) => c.userId)).size).toBe(10);
    expect(credits.every((c) => c.amount === 77)).toBe(true);
    // Every user told "yes" holds the coins; nobody else does.
    const winners = new Set(credits.map((c) => c.userId));
    users.forEach((u, i) => {
      const told = [results[2 * i]!, results[2 * i + 1]!].some((r) => r.status === 200);
      expect({ user: u.id, told }).toEqual({ user: u.id, told: winners.has(u.id) });
    });
    expect(await t.wallet.models.redemptions.countDocuments({ codeId: code.id })).toBe(10);
    console.info(`promo race: 200 redemptions of a maxUses-10 code in ${elapsedMs} ms, ${credits.length} credited`);
  });
});
