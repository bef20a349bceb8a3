import { announceEmbedded, collectionOf, insertOnce, type OutboxEvent } from '@lakorn/service-kit';
import type { IdentityModels, UserDoc } from './models';

/** Accounts, their usernames, and the documents that carry their events (entry points never see the database). */
export function createAccountStore(models: IdentityModels) {
  const users = collectionOf(models.users);
  const usernameClaims = collectionOf(models.usernameClaims);
  const registrations = collectionOf(models.registrations);
  const deletions = collectionOf(models.deletions);

  return {
    findUser: (id: string): Promise<UserDoc | null> => users.findOne({ _id: id }),

    insertUser: (doc: UserDoc) => insertOnce(() => users.insertOne(doc)),

    updateUser: async (id: string, fields: Partial<Pick<UserDoc, 'username' | 'profileUrl' | 'seenMaintenanceNotice' | 'ageConfirmed'>> & Pick<UserDoc, 'updatedAt'>) => {
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
      // Per life: an account deleted and made again under the same id is registered again.
      const id = `${userId}:${at.getTime()}`;
      const result = await insertOnce(() => registrations.insertOne({ _id: id, uid, createdAt: at, outboxPending: true, outbox: event }));
      if (result === 'inserted') await announceEmbedded(models.registrations.db, registrations.collectionName, id);
      return result;
    },

    insertDeletion: async (userId: string, at: Date, event: OutboxEvent<'identity.user.deleted'>) => {
      const id = `${userId}:${at.getTime()}`;
      const result = await insertOnce(() => deletions.insertOne({ _id: id, userId, createdAt: at, outboxPending: true, outbox: event }));
      if (result === 'inserted') await announceEmbedded(models.deletions.db, deletions.collectionName, id);
      return result;
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
