import { randomUUID } from 'node:crypto';
import type { SpecialCheckinDay } from '@lakorn/contracts';
import { insertOnce } from './insertOnce';
import type { CheckinModels, SpecialDayDoc } from './models';

function toSpecialDay(doc: SpecialDayDoc): SpecialCheckinDay {
  return { id: doc._id, date: doc.date, coinAmount: doc.coinAmount, description: doc.description ?? '' };
}

export function createSpecialDayStore({ specialDays }: CheckinModels) {
  return {
    /** Every special day, by date. */
    list: async (): Promise<SpecialCheckinDay[]> => {
      const docs = await specialDays.find().sort({ date: 1 }).lean<SpecialDayDoc[]>().exec();
      return docs.map(toSpecialDay);
    },

    /** Special days from `first` to `last` (yyyy-MM-dd, inclusive), for a calendar month. */
    between: async (first: string, last: string): Promise<SpecialCheckinDay[]> => {
      const docs = await specialDays.find({ date: { $gte: first, $lte: last } }).lean<SpecialDayDoc[]>().exec();
      return docs.map(toSpecialDay);
    },

    onDate: async (date: string): Promise<SpecialCheckinDay | null> => {
      const doc = await specialDays.findOne({ date }).lean<SpecialDayDoc>().exec();
      return doc ? toSpecialDay(doc) : null;
    },

    /** The unique `date` index makes this 'exists' when the day already has one. */
    create: async (fields: { date: string; coinAmount: number; description: string; createdBy: string }) => {
      const doc: SpecialDayDoc = { _id: randomUUID(), ...fields, createdAt: new Date() };
      const result = await insertOnce(() => specialDays.create(doc));
      return result === 'inserted' ? { created: toSpecialDay(doc) } : { created: null };
    },

    remove: async (id: string): Promise<boolean> => (await specialDays.deleteOne({ _id: id }).exec()).deletedCount > 0,
  };
}

export type SpecialDayStore = ReturnType<typeof createSpecialDayStore>;
