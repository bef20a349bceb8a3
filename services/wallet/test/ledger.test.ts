import { entryId } from '../src/data/ledgerStore';
import type { WalletService } from '../src/service';
import { startWalletService, type ServiceUnderTest } from './support/harness';

jest.setTimeout(30_000);

let t: ServiceUnderTest;
let wallet: WalletService;
let n = 0;
const user = () => `ledger-user-${++n}`;

beforeAll(async () => {
  t = await startWalletService({ label: 'wallet_ledger', provider: null });
  wallet = t.wallet;
});

afterAll(() => t.close());

describe('ledger (ARCHITECTURE §3)', () => {
  it('appends entry seq+1 from entry seq with its balance after, id "<userId>:<seq padded>"', async () => {
    const u = user();
    const first = await wallet.ledger.apply({ userId: u, opId: `t:${u}:1`, kind: 'credit', amount: 100, description: 'โบนัสสมัครสมาชิก' });
    const second = await wallet.ledger.apply({ userId: u, opId: `t:${u}:2`, kind: 'debit', amount: -30, description: 'ส่งข้อความ' });
    expect(first).toMatchObject({ status: 'applied', replayed: false, entry: { seq: 1, amount: 100, balanceAfter: 100, _id: entryId(u, 1) } });
    expect(second).toMatchObject({ status: 'applied', replayed: false, entry: { seq: 2, amount: -30, balanceAfter: 70 } });
    expect(entryId(u, 2)).toBe(`${u}:000000000002`);
    expect(await wallet.ledger.balance(u)).toEqual({ seq: 2, balance: 70 });
  });

  it('answers a replayed opId with the earlier entry and moves nothing', async () => {
    const u = user();
    const first = await wallet.ledger.apply({ userId: u, opId: `t:${u}:once`, kind: 'credit', amount: 50, description: 'x' });
    const again = await wallet.ledger.apply({ userId: u, opId: `t:${u}:once`, kind: 'credit', amount: 50, description: 'x' });
    expect(again).toEqual(first.status === 'applied' ? { ...first, replayed: true } : first);
    expect(await wallet.models.entries.countDocuments({ userId: u })).toBe(1);
  });

  it('refuses a debit that would take the balance below 0 and stores nothing', async () => {
    const u = user();
    await wallet.ledger.apply({ userId: u, opId: `t:${u}:c`, kind: 'credit', amount: 10, description: 'x' });
    expect(await wallet.ledger.apply({ userId: u, opId: `t:${u}:d`, kind: 'debit', amount: -11, description: 'x' })).toEqual({
      status: 'insufficient',
      balance: 10,
    });
    expect(await wallet.models.entries.countDocuments({ userId: u })).toBe(1);
  });

  it('refuses a movement whose sign does not fit its kind', async () => {
    const u = user();
    expect(() => wallet.ledger.apply({ userId: u, opId: 'bad1', kind: 'credit', amount: -5, description: '' })).toThrow(RangeError);
    expect(() => wallet.ledger.apply({ userId: u, opId: 'bad2', kind: 'debit', amount: 5, description: '' })).toThrow(RangeError);
    expect(() => wallet.ledger.apply({ userId: u, opId: 'bad3', kind: 'credit', amount: 1.5, description: '' })).toThrow(RangeError);
  });

  it('finds the true head when the cached head lags behind or is gone', async () => {
    const u = user();
    for (let i = 1; i <= 4; i++) await wallet.ledger.apply({ userId: u, opId: `t:${u}:${i}`, kind: 'credit', amount: i, description: 'x' });
    // A lost cache update (FerretDB updates are not atomic) leaves the head behind.
    await wallet.models.wallets.updateOne({ _id: u }, { $set: { seq: 1, balance: 1 } });
    expect(await wallet.ledger.balance(u)).toEqual({ seq: 4, balance: 10 });
    const next = await wallet.ledger.apply({ userId: u, opId: `t:${u}:5`, kind: 'debit', amount: -10, description: 'x' });
    expect(next).toMatchObject({ status: 'applied', entry: { seq: 5, balanceAfter: 0 } });
    await wallet.models.wallets.deleteOne({ _id: u });
    expect(await wallet.ledger.balance(u)).toEqual({ seq: 5, balance: 0 });
  });

  it('carries wallet.balance.changed in each entry for the outbox relay', async () => {
    const u = user();
    await wallet.ledger.apply({ userId: u, opId: `t:${u}:ev`, kind: 'credit', amount: 7, description: 'x' });
    const doc = await wallet.models.entries.findById(entryId(u, 1)).lean();
    expect(doc).toMatchObject({
      outboxPending: true,
      outbox: { name: 'wallet.balance.changed', payload: { userId: u, balance: 7, seq: 1 }, messageId: `balance:${u}:1` },
    });
  });

  it('lists history newest first without voids, paging back by seq', async () => {
    const u = user();
    await wallet.ledger.apply({ userId: u, opId: `t:${u}:a`, kind: 'credit', amount: 5, description: 'a' });
    await wallet.ledger.recordVoid(u, `t:${u}:v`, 'deadline-passed');
    await wallet.ledger.apply({ userId: u, opId: `t:${u}:b`, kind: 'credit', amount: 6, description: 'b' });
    await wallet.ledger.apply({ userId: u, opId: `t:${u}:c`, kind: 'debit', amount: -2, description: 'c' });
    expect((await wallet.ledger.history(u, 10)).map((e) => e.description)).toEqual(['c', 'b', 'a']);
    expect((await wallet.ledger.history(u, 1, 4)).map((e) => e.description)).toEqual(['b']);
  });

  it('applies nothing to a closed wallet and removes its entries', async () => {
    const u = user();
    await wallet.ledger.apply({ userId: u, opId: `t:${u}:1`, kind: 'credit', amount: 5, description: 'x' });
    await wallet.ledger.close(u, new Date());
    expect(await wallet.models.entries.countDocuments({ userId: u })).toBe(0);
    expect(await wallet.ledger.apply({ userId: u, opId: `t:${u}:2`, kind: 'credit', amount: 5, description: 'x' })).toEqual({ status: 'closed' });
    expect(await wallet.ledger.balance(u)).toEqual({ seq: 0, balance: 0 });
  });
});
