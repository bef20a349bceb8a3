import { announceEmbedded, type OutboxEvent } from '@lakorn/service-kit';
import { insertOnce } from './insertOnce';
import type { CheckinDoc, CheckinModels } from './models';

export interface CheckinRecord {
  date: string;
  coinsReceived: number;
  special: boolean;
  createdAt: Date;
}

const toRecord = (doc: CheckinDoc): CheckinRecord => ({
  date: doc.date,
  coinsReceived: doc.coinsReceived,
  special: doc.special,
  createdAt: doc.createdAt,
});

export function createCheckinStore({ checkins }: CheckinModels) {
  return {
    /**
     * Records the check-in and its credit event in one insert. 'exists' when the user already
     * checked in that day: the unique `_id` (= the opId) refused it.
     */
    insert: async (
      fields: { id: string; userId: string; date: string; coinsReceived: number; special: boolean },
      event: OutboxEvent<'wallet.credit.requested'>,
    ) => {
      const result = await insertOnce(() =>
        checkins.create({
          _id: fields.id,
          userId: fields.userId,
          date: fields.date,
          coinsReceived: fields.coinsReceived,
          special: fields.special,
          createdAt: new Date(),
          outboxPending: true,
          outbox: event,
        }),
      );
      // The check-in carries its credit event: point the outbox relay at it (read by _id).
      if (result === 'inserted') await announceEmbedded(checkins.db, checkins.collection.name, fields.id);
      return result;
    },

    /** The user's check-ins from `first` to `last` (yyyy-MM-dd, inclusive). */
    between: async (userId: string, first: string, last: string): Promise<CheckinRecord[]> => {
      const docs = await checkins.find({ userId, date: { $gte: first, $lte: last } }).lean<CheckinDoc[]>().exec();
      return docs.map(toRecord);
    },

    latest: async (userId: string): Promise<CheckinRecord | null> => {
      const doc = await checkins.findOne({ userId }).sort({ date: -1 }).lean<CheckinDoc>().exec();
      return doc ? toRecord(doc) : null;
    },

    /** identity.user.deleted: the user's check-ins go with the account (ARCHITECTURE §4). */
    removeUser: async (userId: string): Promise<number> => (await checkins.deleteMany({ userId }).exec()).deletedCount,
  };
}

export type CheckinStore = ReturnType<typeof createCheckinStore>;
