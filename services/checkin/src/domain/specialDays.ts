import type { SpecialCheckinDay } from '@lakorn/contracts';
import type { Actor, AdminAudit } from '@lakorn/service-kit';
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
export function createSpecialDays({ store, now, audit }: { store: SpecialDayStore; now: () => Date; audit: AdminAudit }) {
  return {
    /** Every special day, by date. */
    list: (): Promise<SpecialCheckinDay[]> => store.list(),

    /** Every admin write goes into the audit log (service-kit adminAudit). */
    async add(draft: SpecialDayDraft, admin: Actor): Promise<SpecialCheckinDay> {
      const created = await store.create({ ...draft, date: specialDayDate(draft.date), createdBy: admin.id, createdAt: now() });
      if (!created) throw new SpecialDayExists();
      await audit.record(admin, { action: 'specialDay.add', targetType: 'specialDay', targetId: created.id, details: { date: created.date, coinAmount: created.coinAmount } });
      return created;
    },

    async remove(id: string, admin: Actor): Promise<void> {
      const removed = await store.remove(id);
      if (!removed) throw new SpecialDayNotFound();
      await audit.record(admin, { action: 'specialDay.remove', targetType: 'specialDay', targetId: id, details: { date: removed.date } });
    },
  };
}

export type SpecialDays = ReturnType<typeof createSpecialDays>;
