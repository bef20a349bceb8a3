import { randomUUID } from 'node:crypto';
import type { SpecialCheckinDay } from '@lakorn/contracts';
import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { CheckinModels, SpecialDayDoc } from './models';

const toSpecialDay = ({ _id, date, coinAmount, description }: SpecialDayDoc): SpecialCheckinDay => ({ id: _id, date, coinAmount, description });

export function createSpecialDayStore(models: CheckinModels) {
  const specialDays = collectionOf(models.specialDays);
  return {
    /** Every special day, by date. */
    list: async (): Promise<SpecialCheckinDay[]> => (await specialDays.find().sort({ date: 1 }).toArray()).map(toSpecialDay),

    /** Special days from `first` to `last` (yyyy-MM-dd, inclusive), for a calendar month. */
    between: async (first: string, last: string): Promise<SpecialCheckinDay[]> =>
      (await specialDays.find({ date: { $gte: first, $lte: last } }).toArray()).map(toSpecialDay),

    onDate: async (date: string): Promise<SpecialCheckinDay | null> => {
      const doc = await specialDays.findOne({ date });
      return doc ? toSpecialDay(doc) : null;
    },

    /** The new day, or null when the date already has one (its unique index refused the insert). */
    create: async (fields: Omit<SpecialDayDoc, '_id'>): Promise<SpecialCheckinDay | null> => {
      const doc: SpecialDayDoc = { _id: randomUUID(), ...fields };
      return (await insertOnce(() => specialDays.insertOne(doc))) === 'inserted' ? toSpecialDay(doc) : null;
    },

    /** The day removed (its audit entry names it), or null when no day has this id. */
    remove: async (id: string): Promise<SpecialCheckinDay | null> => {
      const doc = await specialDays.findOne({ _id: id });
      return doc && (await specialDays.deleteOne({ _id: id })).deletedCount > 0 ? toSpecialDay(doc) : null;
    },
  };
}

export type SpecialDayStore = ReturnType<typeof createSpecialDayStore>;
