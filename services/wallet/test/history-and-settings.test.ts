import request from 'supertest';
import type { CoinTransaction } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { startWallet, type WalletUnderTest } from './support/harness';

// Coin history (spec §2, §7 GET /api/coins/transactions/{userId}), the balance, and the owner's
// registration bonus (spec §2, §5, §7).

jest.setTimeout(60_000);

let t: WalletUnderTest;
const owner = testActor({ isOwner: true, isAdmin: true });

beforeAll(async () => {
  t = await startWallet({ label: 'wallet_history', provider: null });
});
afterAll(() => t.close());

const as = (actor: ReturnType<typeof testActor>) => ({
  get: (path: string) => request(t.server).get(path).set('Cookie', sessionCookie(actor)),
  post: (path: string, body: object = {}) => request(t.server).post(path).set('Cookie', sessionCookie(actor)).send(body),
});

describe('coin history', () => {
  it('lists own movements newest first with signed amounts and Thai descriptions, voids left out', async () => {
    const u = testActor();
    const { ledger, coinRequests } = t.wallet;
    await ledger.apply({ userId: u.id, opId: `signup:${u.id}`, kind: 'credit', amount: 1000, description: 'โบนัสสมัครสมาชิก' });
    await coinRequests.debit({ opId: `chat:${u.id}:1`, userId: u.id, amount: 12, description: 'ส่งข้อความ', deadline: Date.now() + 5000 });
    await coinRequests.debit({ opId: `chat:${u.id}:2`, userId: u.id, amount: 5000, description: 'ส่งข้อความ', deadline: Date.now() + 5000 });
    await coinRequests.refund({ opId: `chat:${u.id}:1`, userId: u.id, reason: 'timeout' });

    const res = await as(u).get(`/api/coins/transactions/${u.id}`);
    expect(res.status).toBe(200);
    const list = res.body as CoinTransaction[];
    expect(list.map((e) => [e.description, e.amount])).toEqual([
      ['คืนเหรียญ', 12],
      ['ส่งข้อความ', -12],
      ['โบนัสสมัครสมาชิก', 1000],
    ]);
    for (const e of list) expect(Object.keys(e).sort()).toEqual(['amount', 'createdAt', 'description', 'id']);
    // The uid names the same user (spec §7 sometimes sends the uid).
    expect((await as(u).get(`/api/coins/transactions/${u.uid}`)).body).toHaveLength(3);
    expect((await as(u).get('/api/coins/balance')).body).toEqual({ balance: 1000, seq: 4 });
  });

  it('pages back with ?limit and ?before (the seq of the oldest row seen)', async () => {
    const u = testActor();
    for (let i = 1; i <= 7; i++) await t.wallet.ledger.apply({ userId: u.id, opId: `c:${u.id}:${i}`, kind: 'credit', amount: i, description: `d${i}` });
    const first = (await as(u).get(`/api/coins/transactions/${u.id}?limit=3`)).body as CoinTransaction[];
    expect(first.map((e) => e.amount)).toEqual([7, 6, 5]);
    const next = (await as(u).get(`/api/coins/transactions/${u.id}?limit=3&before=5`)).body as CoinTransaction[];
    expect(next.map((e) => e.amount)).toEqual([4, 3, 2]);
    expect((await as(u).get(`/api/coins/transactions/${u.id}?limit=0`)).status).toBe(400);
  });

  it("is own only: someone else's history is refused, an empty one is []", async () => {
    const u = testActor();
    expect((await as(u).get('/api/coins/transactions/somebody-else')).status).toBe(403);
    expect((await as(u).get(`/api/coins/transactions/${u.id}`)).body).toEqual([]);
    expect((await request(t.server).get(`/api/coins/transactions/${u.id}`)).status).toBe(401);
  });
});

describe('registration bonus', () => {
  it('reads 1000 until the owner sets it; the owner sets any integer ≥ 0', async () => {
    const admin = testActor({ isAdmin: true });
    expect((await as(admin).get('/api/admin/registration-bonus')).body).toEqual({ coins: 1000 });
    expect((await as(owner).post('/api/admin/registration-bonus', { userId: owner.id, coins: 0 })).body).toEqual({ coins: 0 });
    expect((await as(owner).get('/api/admin/registration-bonus')).body).toEqual({ coins: 0 });
    expect((await as(owner).post('/api/admin/registration-bonus', { coins: 1500 })).body).toEqual({ coins: 1500 });
    expect((await as(admin).get('/api/admin/registration-bonus')).body).toEqual({ coins: 1500 });
  });

  it('refuses negative, fractional or non-numeric values, and anyone but the owner', async () => {
    for (const coins of [-1, 1.5, '100', null]) {
      const res = await as(owner).post('/api/admin/registration-bonus', { coins });
      expect({ coins, status: res.status }).toEqual({ coins, status: 400 });
    }
    expect((await as(testActor({ isAdmin: true })).post('/api/admin/registration-bonus', { coins: 5 })).status).toBe(403);
    expect((await as(testActor()).get('/api/admin/registration-bonus')).status).toBe(403);
    expect((await as(owner).post('/api/admin/registration-bonus', { userId: 'someone-else', coins: 5 })).status).toBe(403);
  });
});
