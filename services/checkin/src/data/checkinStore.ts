import { announceEmbedded, collectionOf, insertOnce, type OutboxEvent } from '@lakorn/service-kit';
import type { CheckinDoc, CheckinModels } from './models';

export interface CheckinRecord {
  date: string;
  coinsReceived: number;
  special: boolean;
  createdAt: Date;
}

const toRecord = ({ date, coinsReceived, special, createdAt }: CheckinDoc): CheckinRecord => ({ date, coinsReceived, special, createdAt });

export function createCheckinStore(models: CheckinModels) {
  const checkins = collectionOf(models.checkins);
  return {
    /**
     * Records the check-in and its credit event in one insert. 'exists' when the user already
     * checked in that day: the unique `_id` (= the opId) refused it.
     */
    insert: async (
      fields: { id: string; userId: string; date: string; coinsReceived: number; special: boolean; createdAt: Date },
      event: OutboxEvent<'wallet.credit.requested'>,
    ) => {
      const { id: _id, ...rest } = fields;
      const result = await insertOnce(() => checkins.insertOne({ _id, ...rest, outboxPending: true, outbox: event }));
      // The check-in carries its credit event: point the outbox relay at it (read by _id).
      if (result === 'inserted') await announceEmbedded(models.checkins.db, checkins.collectionName, _id);
      return result;
    },

    /** The user's check-ins from `first` to `last` (yyyy-MM-dd, inclusive). */
    between: async (userId: string, first: string, last: string): Promise<CheckinRecord[]> =>
      (await checkins.find({ userId, date: { $gte: first, $lte: last } }).toArray()).map(toRecord),

    latest: async (userId: string): Promise<CheckinRecord | null> => {
      const doc = await checkins.findOne({ userId }, { sort: { date: -1 } });
      return doc ? toRecord(doc) : null;
    },

    /**
     * identity.user.deleted: the user's check-ins up to the deletion go with the account
     * (ARCHITECTURE §4); a later one is the re-created account's (wallet README "A returning member").
     */
    removeUser: async (userId: string, deletedAt: Date): Promise<number> => (await checkins.deleteMany({ userId, createdAt: { $lte: deletedAt } })).deletedCount,

    /** The check-in whose credit has this opId (its `_id`), if it is this user's. */
    remove: async (opId: string, userId: string): Promise<boolean> => (await checkins.deleteOne({ _id: opId, userId })).deletedCount > 0,
  };
}

export type CheckinStore = ReturnType<typeof createCheckinStore>;
