import { announceEmbedded, collectionOf, insertOnce, type OutboxEvent } from '@lakorn/service-kit';
import type { IdentityModels, UserDoc } from './models';

/** The queries identity needs, and nothing else (entry points never see the database). */
export function createAccountStore(models: IdentityModels) {
  const users = collectionOf(models.users);
  const usernameClaims = collectionOf(models.usernameClaims);
  const registrations = collectionOf(models.registrations);
  const deletions = collectionOf(models.deletions);
  const balances = collectionOf(models.balances);
  const balanceHeads = collectionOf(models.balanceHeads);
  const balanceId = (userId: string, seq: number) => `${userId}:${seq}`;

  /**
   * The newest reported balance, found by `_id` lookups only (FerretDB v1 answers nothing else
   * from an index): from the head hint, step forward while the next seq exists. The wallet's seqs
   * are gap-free, so an event still on its way only delays the newest figure a moment.
   */
  async function newestBalance(userId: string): Promise<{ seq: number; balance: number } | null> {
    let seq = (await balanceHeads.findOne({ _id: userId }))?.seq ?? 0;
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
    findUser: (id: string): Promise<UserDoc | null> => users.findOne({ _id: id }),

    insertUser: (doc: UserDoc) => insertOnce(() => users.insertOne(doc)),

    updateUser: async (id: string, fields: Partial<Pick<UserDoc, 'username' | 'profileUrl' | 'seenMaintenanceNotice'>> & Pick<UserDoc, 'updatedAt'>) => {
      await users.updateOne({ _id: id }, { $set: fields });
    },

    deleteUser: async (id: string) => {
      await users.deleteOne({ _id: id });
    },

    /**
     * Takes `key` for the user with an insert the unique _id can refuse: the one atomic step on
     * FerretDB, so of any number of concurrent claims exactly one wins.
     */
    claimUsername: async (key: string, userId: string, at: Date): Promise<'claimed' | 'mine' | 'taken'> => {
      const result = await insertOnce(() => usernameClaims.insertOne({ _id: key, userId, createdAt: at }));
      if (result === 'inserted') return 'claimed';
      const holder = await usernameClaims.findOne({ _id: key });
      return holder?.userId === userId ? 'mine' : 'taken';
    },

    /** Frees the name `key` if this user holds it (a lookup and delete by `_id`). */
    releaseClaim: async (key: string, userId: string) => {
      const holder = await usernameClaims.findOne({ _id: key });
      if (holder?.userId === userId) await usernameClaims.deleteOne({ _id: key });
    },

    insertRegistration: async (userId: string, uid: string, at: Date, event: OutboxEvent<'identity.user.registered'>) => {
      const result = await insertOnce(() => registrations.insertOne({ _id: userId, uid, createdAt: at, outboxPending: true, outbox: event }));
      if (result === 'inserted') await announceEmbedded(models.registrations.db, registrations.collectionName, userId);
      return result;
    },

    insertDeletion: async (userId: string, at: Date, event: OutboxEvent<'identity.user.deleted'>) => {
      const id = `${userId}:${at.getTime()}`;
      const result = await insertOnce(() => deletions.insertOne({ _id: id, userId, createdAt: at, outboxPending: true, outbox: event }));
      if (result === 'inserted') await announceEmbedded(models.deletions.db, deletions.collectionName, id);
      return result;
    },

    latestBalance: async (userId: string): Promise<number> => (await newestBalance(userId))?.balance ?? 0,

    /** Records a reported balance; replays and out-of-order events are harmless. */
    recordBalance: async (userId: string, seq: number, balance: number, at: Date) => {
      await insertOnce(() => balances.insertOne({ _id: balanceId(userId, seq), userId, seq, balance, createdAt: at }));
      const newest = await newestBalance(userId);
      if (newest) {
        await balanceHeads.updateOne({ _id: userId }, { $set: { seq: newest.seq } }, { upsert: true });
        // Keep a short tail below the newest; older seqs are never read again.
        await balances.deleteOne({ _id: balanceId(userId, newest.seq - 20) });
      }
    },

    hasBalance: async (userId: string) => (await newestBalance(userId)) !== null,

    /** Account deletion (rare): the one place identity filters balances by user. */
    deleteBalances: async (userId: string) => {
      await balances.deleteMany({ userId });
      await balanceHeads.deleteOne({ _id: userId });
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
