import type { mongo } from 'mongoose';
import { CHECKIN_TIME_ZONE } from '@lakorn/contracts';
import { insertOnce } from './insertOnce';
import type { IndexSpec } from './models';

/**
 * One unit of a member's quota: `_id` "<quota>:<n>" with n in 1..limit, so the unique `_id` admits
 * at most `limit` of them whatever races (ARCHITECTURE §2: counting and then inserting would let
 * parallel requests all pass the count). `quota` names the allowance ("chars:<userId>",
 * "chats:<userId>:<day>"), `holder` what uses the unit (a character, a chat, an upload) so it can
 * be given back.
 */
export interface QuotaSlotDoc {
  _id: string;
  quota: string;
  n: number;
  holder: string;
  at: Date;
}

/** The fields and indexes of a collection of quota slots, for the owning service's schemaOf. */
export const QUOTA_SLOT_FIELDS = {
  quota: { type: String, required: true },
  n: { type: Number, required: true },
  holder: { type: String, required: true },
  at: { type: Date, required: true },
};
export const QUOTA_SLOT_INDEXES: IndexSpec[] = [{ quota: 1 }, { holder: 1 }, { at: 1 }];

export interface QuotaSlots {
  /**
   * Takes `units` free slots of `quota` for `holder`; false (and nothing kept) when fewer than that
   * are left. `reserved` units count as used without slots (what existed before the quota did); or
   * `existing`: how many units are in use, slots or not, so those without one are reserved (read
   * with the slots, saving a `used` round trip before the claim).
   */
  claim(quota: string, limit: number, holder: string, options?: { units?: number; reserved?: number; existing?: number }): Promise<boolean>;
  /** Slots of `quota` in use. */
  used(quota: string): Promise<number>;
  /** Gives back every slot `holder` holds (a deleted character frees its place). */
  release(holder: string): Promise<void>;
  /** Forgets the slots of quotas named `prefix…` taken before `before` (daily quotas of past days). */
  prune(prefix: string, before: Date): Promise<void>;
}

export function quotaSlots(collection: mongo.Collection<QuotaSlotDoc>, now: () => Date = () => new Date()): QuotaSlots {
  return {
    async claim(quota, limit, holder, { units = 1, reserved = 0, existing } = {}) {
      const taken = new Set((await collection.find({ quota }, { projection: { n: 1 } }).toArray()).map((slot) => slot.n));
      const won: string[] = [];
      // Free numbers in order; one another request took meanwhile answers 'exists' and the next is
      // tried, so parallel claims spread over the free slots and the last ones find none.
      let skip = existing === undefined ? reserved : Math.max(0, existing - taken.size);
      for (let n = 1; n <= limit && won.length < units; n++) {
        if (taken.has(n)) continue;
        if (skip > 0) {
          skip--;
          continue;
        }
        const _id = `${quota}:${n}`;
        const inserted = await insertOnce(() => collection.insertOne({ _id, quota, n, holder, at: now() }));
        if (inserted === 'inserted') won.push(_id);
      }
      if (won.length === units) return true;
      if (won.length > 0) await collection.deleteMany({ _id: { $in: won } });
      return false;
    },
    used: (quota) => collection.countDocuments({ quota }),
    async release(holder) {
      await collection.deleteMany({ holder });
    },
    async prune(prefix, before) {
      const named = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
      await collection.deleteMany({ quota: { $regex: named }, at: { $lt: before } });
    },
  };
}

const bangkokDays = new Intl.DateTimeFormat('en-CA', { timeZone: CHECKIN_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Bangkok calendar day (yyyy-MM-dd) of an instant: daily quotas turn at Bangkok midnight. */
export function quotaDay(at: Date): string {
  const parts = Object.fromEntries(bangkokDays.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
