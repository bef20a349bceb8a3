import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { IdentityModels } from './models';

/** The wallet's balances as `wallet.balance.changed` reports them, for the profile's coins. */
export function createBalanceStore(models: IdentityModels) {
  const balances = collectionOf(models.balances);
  const heads = collectionOf(models.balanceHeads);
  const balanceId = (userId: string, seq: number) => `${userId}:${seq}`;

  /**
   * The newest reported balance, found by `_id` lookups only (FerretDB v1 answers nothing else
   * from an index): from the head hint, step forward while the next seq exists. The wallet's seqs
   * are gap-free, so an event still on its way only delays the newest figure a moment.
   */
  async function newest(userId: string): Promise<{ seq: number; balance: number } | null> {
    let seq = (await heads.findOne({ _id: userId }))?.seq ?? 0;
    let current = seq > 0 ? await balances.findOne({ _id: balanceId(userId, seq) }) : null;
    for (;;) {
      const next = await balances.findOne({ _id: balanceId(userId, seq + 1) });
      if (!next) break;
      current = next;
      seq += 1;
    }
    return current ? { seq: current.seq, balance: current.balance } : null;
  }

  return {
    latest: async (userId: string): Promise<number> => (await newest(userId))?.balance ?? 0,

    /** Records a reported balance; replays and out-of-order events are harmless. */
    record: async (userId: string, seq: number, balance: number, at: Date) => {
      await insertOnce(() => balances.insertOne({ _id: balanceId(userId, seq), userId, seq, balance, createdAt: at }));
      const head = await newest(userId);
      if (head) {
        await heads.updateOne({ _id: userId }, { $set: { seq: head.seq } }, { upsert: true });
        // Keep a short tail below the newest; older seqs are never read again.
        await balances.deleteOne({ _id: balanceId(userId, head.seq - 20) });
      }
    },

    exists: async (userId: string) => (await newest(userId)) !== null,

    /** Account deletion (rare): the one place identity filters balances by user. */
    removeUser: async (userId: string) => {
      await balances.deleteMany({ userId });
      await heads.deleteOne({ _id: userId });
    },
  };
}

export type BalanceStore = ReturnType<typeof createBalanceStore>;
