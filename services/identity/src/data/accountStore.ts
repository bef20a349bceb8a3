import { announceEmbedded, isDuplicateKeyError, type OutboxEvent } from '@lakorn/service-kit';
import type { IdentityModels, UserDoc } from './models';

export type InsertResult = 'inserted' | 'exists';

async function insertOnce(insert: () => Promise<unknown>): Promise<InsertResult> {
  try {
    await insert();
    return 'inserted';
  } catch (error) {
    if (isDuplicateKeyError(error)) return 'exists';
    throw error;
  }
}

/** The queries identity needs, and nothing else (entry points never see mongoose). */
export function createAccountStore(models: IdentityModels) {
  const { users, usernameClaims, registrations, deletions, balances, balanceHeads } = models;
  const balanceId = (userId: string, seq: number) => `${userId}:${seq}`;

  /**
   * The newest reported balance, found by `_id` lookups only (FerretDB v1 answers nothing else
   * from an index): from the head hint, step forward while the next seq exists. The wallet's seqs
   * are gap-free, so an event still on its way only delays the newest figure a moment.
   */
  async function newestBalance(userId: string): Promise<{ seq: number; balance: number } | null> {
    let seq = (await balanceHeads.findById(userId).lean().exec())?.seq ?? 0;
    let current = seq > 0 ? await balances.findById(balanceId(userId, seq)).lean().exec() : null;
    for (;;) {
      const next = await balances.findById(balanceId(userId, seq + 1)).lean().exec();
      if (!next) break;
      current = next;
      seq += 1;
    }
    return current ? { seq: current.seq, balance: current.balance } : null;
  }
  return {
    findUser: (id: string) => users.findById(id).lean<UserDoc>().exec(),

    insertUser: (doc: UserDoc) => insertOnce(() => users.create(doc)),

    updateUser: async (id: string, fields: Partial<Pick<UserDoc, 'username' | 'profileUrl' | 'seenMaintenanceNotice'>>) => {
      await users.updateOne({ _id: id }, { $set: { ...fields, updatedAt: new Date() } }).exec();
    },

    deleteUser: async (id: string) => {
      await users.deleteOne({ _id: id }).exec();
    },

    /**
     * Takes `key` for the user with an insert the unique _id can refuse: the one atomic step on
     * FerretDB, so of any number of concurrent claims exactly one wins.
     */
    claimUsername: async (key: string, userId: string): Promise<'claimed' | 'mine' | 'taken'> => {
      const result = await insertOnce(() => usernameClaims.create({ _id: key, userId, createdAt: new Date() }));
      if (result === 'inserted') return 'claimed';
      const holder = await usernameClaims.findById(key).lean().exec();
      return holder?.userId === userId ? 'mine' : 'taken';
    },

    /** Frees the name `key` if this user holds it (a lookup and delete by `_id`). */
    releaseClaim: async (key: string, userId: string) => {
      const holder = await usernameClaims.findById(key).lean().exec();
      if (holder?.userId === userId) await usernameClaims.deleteOne({ _id: key }).exec();
    },

    insertRegistration: async (userId: string, uid: string, event: OutboxEvent<'identity.user.registered'>) => {
      const result = await insertOnce(() => registrations.create({ _id: userId, uid, createdAt: new Date(), outboxPending: true, outbox: event }));
      if (result === 'inserted') await announceEmbedded(registrations.db, registrations.collection.name, userId);
      return result;
    },

    insertDeletion: async (userId: string, event: OutboxEvent<'identity.user.deleted'>) => {
      const id = `${userId}:${Date.now()}`;
      const result = await insertOnce(() => deletions.create({ _id: id, userId, createdAt: new Date(), outboxPending: true, outbox: event }));
      if (result === 'inserted') await announceEmbedded(deletions.db, deletions.collection.name, id);
      return result;
    },

    latestBalance: async (userId: string): Promise<number> => (await newestBalance(userId))?.balance ?? 0,

    /** Records a reported balance; replays and out-of-order events are harmless. */
    recordBalance: async (userId: string, seq: number, balance: number) => {
      await insertOnce(() => balances.create({ _id: balanceId(userId, seq), userId, seq, balance, createdAt: new Date() }));
      const newest = await newestBalance(userId);
      if (newest) {
        await balanceHeads.updateOne({ _id: userId }, { $set: { seq: newest.seq } }, { upsert: true }).exec();
        // Keep a short tail below the newest; older seqs are never read again.
        await balances.deleteOne({ _id: balanceId(userId, newest.seq - 20) }).exec();
      }
    },

    hasBalance: async (userId: string) => (await newestBalance(userId)) !== null,

    /** Account deletion (rare): the one place identity filters balances by user. */
    deleteBalances: async (userId: string) => {
      await balances.deleteMany({ userId }).exec();
      await balanceHeads.deleteOne({ _id: userId }).exec();
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
