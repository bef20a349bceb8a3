import { isDuplicateKeyError, type OutboxEvent } from '@lakorn/service-kit';
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
  const { users, usernameClaims, registrations, deletions, balances } = models;
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

    /** Frees every name the user holds except `keepKey` (their current one). */
    releaseClaims: async (userId: string, keepKey?: string) => {
      await usernameClaims.deleteMany(keepKey ? { userId, _id: { $ne: keepKey } } : { userId }).exec();
    },

    insertRegistration: (userId: string, uid: string, event: OutboxEvent<'identity.user.registered'>) =>
      insertOnce(() => registrations.create({ _id: userId, uid, createdAt: new Date(), outboxPending: true, outbox: event })),

    insertDeletion: (userId: string, event: OutboxEvent<'identity.user.deleted'>) =>
      insertOnce(() =>
        deletions.create({ _id: `${userId}:${Date.now()}`, userId, createdAt: new Date(), outboxPending: true, outbox: event }),
      ),

    latestBalance: async (userId: string): Promise<number> => {
      const head = await balances.findOne({ userId }).sort({ seq: -1 }).lean().exec();
      return head?.balance ?? 0;
    },

    /** Records a reported balance; replays and out-of-order events are harmless. */
    recordBalance: async (userId: string, seq: number, balance: number) => {
      await insertOnce(() => balances.create({ _id: `${userId}:${seq}`, userId, seq, balance, createdAt: new Date() }));
      // Keep a short tail; the highest seq is the one that counts.
      await balances.deleteMany({ userId, seq: { $lt: seq - 20 } }).exec();
    },

    hasBalance: async (userId: string) => (await balances.countDocuments({ userId }).exec()) > 0,

    deleteBalances: async (userId: string) => {
      await balances.deleteMany({ userId }).exec();
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
