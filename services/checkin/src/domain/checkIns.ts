import {
  CHECKIN_CREDIT_DESCRIPTION,
  checkInOpId,
  daysInMonth,
  isoDateOf,
  type CalendarDay,
  type CalendarResponse,
  type SpecialCheckinDay,
} from '@lakorn/contracts';
import type { Stores } from '../data';
import { bangkokDay } from './bangkokDay';
import { rewardFor } from './coinAmounts';

export type CheckInOutcome =
  | { status: 'checked-in'; date: string; coinsReceived: number; special: boolean }
  | { status: 'already-checked-in'; date: string };

export interface CheckInsDeps {
  stores: Pick<Stores, 'checkins' | 'specialDays' | 'dailyCoinSettings'>;
  /** The server's clock; the day is always the server's Bangkok day, never the client's. */
  now: () => Date;
  /** Called after a check-in is stored, so the outbox relay publishes its credit without waiting. */
  onCheckedIn?: () => void;
}

export function createCheckIns({ stores, now, onCheckedIn }: CheckInsDeps) {
  async function rewardOn(date: string) {
    const [special, weekly] = await Promise.all([stores.specialDays.onDate(date), stores.dailyCoinSettings.list()]);
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
    async checkIn(userId: string): Promise<CheckInOutcome> {
      const date = bangkokDay(now());
      const reward = await rewardOn(date);
      const opId = checkInOpId(userId, date);
      const inserted = await stores.checkins.insert(
        { id: opId, userId, date, coinsReceived: reward.coins, special: reward.special },
        {
          name: 'wallet.credit.requested',
          messageId: opId,
          payload: { opId, userId, amount: reward.coins, description: CHECKIN_CREDIT_DESCRIPTION },
        },
      );
      if (inserted === 'exists') return { status: 'already-checked-in', date };
      onCheckedIn?.();
      return { status: 'checked-in', date, coinsReceived: reward.coins, special: reward.special };
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

      const [specials, weekly, checkins, latest] = await Promise.all([
        stores.specialDays.between(first, last),
        stores.dailyCoinSettings.list(),
        stores.checkins.between(userId, first, last),
        stores.checkins.latest(userId),
      ]);
      const specialByDate = new Map(specials.map((s) => [s.date, s]));
      const checkinByDate = new Map(checkins.map((c) => [c.date, c]));

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
        const [special, checkedIn] = await Promise.all([
          stores.specialDays.onDate(todayDate),
          stores.checkins.between(userId, todayDate, todayDate),
        ]);
        today = dayOf(todayDate, special, checkedIn[0]);
      }

      return {
        year,
        month,
        calendar,
        lastCheckIn: latest ? { date: latest.date, coinsReceived: latest.coinsReceived, checkedInAt: latest.createdAt.toISOString() } : null,
        today,
      };
    },
  };
}

export type CheckIns = ReturnType<typeof createCheckIns>;
