import {
  CHECKIN_CREDIT_DESCRIPTION,
  checkInOpId,
  daysInMonth,
  isoDateOf,
  type CalendarDay,
  type CalendarResponse,
  type CheckInResult,
  type SpecialCheckinDay,
} from '@lakorn/contracts';
import type { CheckinStore } from '../data/checkinStore';
import type { SpecialDayStore } from '../data/specialDayStore';
import { bangkokDay } from './bangkokDay';
import { rewardFor } from './coinAmounts';
import type { DailyCoinSettings } from './dailyCoinSettings';
import { AlreadyCheckedIn } from './errors';

export interface CheckInsDeps {
  checkins: CheckinStore;
  specialDays: Pick<SpecialDayStore, 'between' | 'onDate'>;
  coinSettings: Pick<DailyCoinSettings, 'list'>;
  /** The server's clock; the day is always the server's Bangkok day, never the client's. */
  now: () => Date;
  /** Called after a check-in is stored, so the outbox relay publishes its credit without waiting. */
  onCheckedIn?: () => void;
}

export function createCheckIns({ checkins, specialDays, coinSettings, now, onCheckedIn }: CheckInsDeps) {
  async function rewardOn(date: string) {
    const [special, weekly] = await Promise.all([specialDays.onDate(date), coinSettings.list()]);
    return rewardFor(date, special, weekly);
  }

  return {
    /**
     * Checks the user in for today (Bangkok). Once per user per day: the check-in document's id is
     * the credit's opId, so a second insert on the same day is refused by the database however
     * many requests race, and exactly one `wallet.credit.requested` is ever written for the day.
     * The event travels in the same document (the outbox relay publishes it), so a broker that is
     * down delays the credit but never loses or repeats it.
     */
    async checkIn(userId: string): Promise<CheckInResult['checkin']> {
      const at = now();
      const date = bangkokDay(at);
      const reward = await rewardOn(date);
      const opId = checkInOpId(userId, date);
      const inserted = await checkins.insert(
        { id: opId, userId, date, coinsReceived: reward.coins, special: reward.special, createdAt: at },
        {
          name: 'wallet.credit.requested',
          messageId: opId,
          payload: { opId, userId, amount: reward.coins, description: CHECKIN_CREDIT_DESCRIPTION },
        },
      );
      if (inserted === 'exists') throw new AlreadyCheckedIn();
      onCheckedIn?.();
      return { coinsReceived: reward.coins, date, special: reward.special };
    },

    /**
     * One month of the user's check-in calendar (Bangkok days), plus today as the server counts
     * it. Without year/month: today's month. A day already checked in shows what it gave; any
     * other day what it would give now.
     */
    async calendar(userId: string, asked?: { year: number; month: number }): Promise<CalendarResponse> {
      const todayDate = bangkokDay(now());
      const [ty, tm] = todayDate.split('-').map(Number) as [number, number];
      const year = asked?.year ?? ty;
      const month = asked?.month ?? tm;
      const first = isoDateOf(year, month, 1);
      const last = isoDateOf(year, month, daysInMonth(year, month));

      const [specials, weekly, monthCheckins, latest] = await Promise.all([
        specialDays.between(first, last),
        coinSettings.list(),
        checkins.between(userId, first, last),
        checkins.latest(userId),
      ]);
      const specialByDate = new Map(specials.map((s) => [s.date, s]));
      const checkinByDate = new Map(monthCheckins.map((c) => [c.date, c]));

      const dayOf = (date: string, special: SpecialCheckinDay | null | undefined, checkedIn: { coinsReceived: number; special: boolean } | null | undefined): CalendarDay => {
        const reward = rewardFor(date, special, weekly);
        return {
          date,
          dayNumber: Number(date.slice(8, 10)),
          coins: checkedIn ? checkedIn.coinsReceived : reward.coins,
          checkedIn: Boolean(checkedIn),
          special: checkedIn ? checkedIn.special : reward.special,
        };
      };

      const calendar = Array.from({ length: daysInMonth(year, month) }, (_, i) => {
        const date = isoDateOf(year, month, i + 1);
        return dayOf(date, specialByDate.get(date), checkinByDate.get(date));
      });

      let today = calendar.find((d) => d.date === todayDate);
      if (!today) {
        const [special, checkedToday] = await Promise.all([
          specialDays.onDate(todayDate),
          checkins.between(userId, todayDate, todayDate),
        ]);
        today = dayOf(todayDate, special, checkedToday[0]);
      }

      return {
        year,
        month,
        calendar,
        lastCheckIn: latest ? { date: latest.date, coinsReceived: latest.coinsReceived, checkedInAt: latest.createdAt.toISOString() } : null,
        today,
      };
    },

    /** identity.user.deleted: the user's check-ins up to the deletion go with the account (ARCHITECTURE §4). */
    forgetUser: (userId: string, deletedAt: Date): Promise<number> => checkins.removeUser(userId, deletedAt),

    /**
     * wallet.credit.refused: the wallet did not credit this check-in (the account was deleted), so
     * it is not kept as received and the day may be checked in again (wallet README "A returning member").
     */
    forgetRefused: (opId: string, userId: string): Promise<boolean> => checkins.remove(opId, userId),
  };
}

export type CheckIns = ReturnType<typeof createCheckIns>;
