import type { SpecialCheckinDay } from '@lakorn/contracts';
import type { SpecialDayStore } from '../data/specialDayStore';
import { bangkokDay } from './bangkokDay';
import { SpecialDayExists, SpecialDayNotFound } from './errors';

/**
 * The Bangkok day an admin meant by a special day's `date` (spec §7: "date (ISO)"): a plain
 * yyyy-MM-dd is taken as is; an ISO instant is the day it falls on in Bangkok, so a date picker
 * sending local midnight (the previous day 17:00Z) still names the day that was picked.
 */
export function specialDayDate(input: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) return input;
  return bangkokDay(new Date(input));
}

export interface SpecialDayDraft {
  /** yyyy-MM-dd or an ISO instant (see specialDayDate). */
  date: string;
  coinAmount: number;
  description: string;
}

/** spec §3 Special check-in day: a date whose check-in gives its own amount; one per date. */
export function createSpecialDays({ store, now }: { store: SpecialDayStore; now: () => Date }) {
  return {
    /** Every special day, by date. */
    list: (): Promise<SpecialCheckinDay[]> => store.list(),

    async add(draft: SpecialDayDraft, adminId: string): Promise<SpecialCheckinDay> {
      const created = await store.create({ ...draft, date: specialDayDate(draft.date), createdBy: adminId, createdAt: now() });
      if (!created) throw new SpecialDayExists();
      return created;
    },

    async remove(id: string): Promise<void> {
      if (!(await store.remove(id))) throw new SpecialDayNotFound();
    },
  };
}

export type SpecialDays = ReturnType<typeof createSpecialDays>;
