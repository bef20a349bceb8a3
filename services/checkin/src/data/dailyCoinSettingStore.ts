import { DAILY_COIN_DEFAULTS, type DailyCoinSetting } from '@lakorn/contracts';
import { insertOnce } from './insertOnce';
import type { CheckinModels, DailyCoinSettingDoc } from './models';

const idOf = (dayOfWeek: number) => `day-${dayOfWeek}`;
const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export function createDailyCoinSettingStore({ dailyCoinSettings }: CheckinModels) {
  return {
    /** Writes the spec §9 defaults for any weekday without a row; existing rows are kept. */
    seedDefaults: async (): Promise<void> => {
      for (const day of DAYS) {
        await insertOnce(() =>
          dailyCoinSettings.create({ _id: idOf(day), dayOfWeek: day, coinAmount: DAILY_COIN_DEFAULTS[day], updatedAt: new Date() }),
        );
      }
    },

    /** The seven weekdays, Sunday first; a day without a row answers its default. */
    list: async (): Promise<DailyCoinSetting[]> => {
      const docs = await dailyCoinSettings.find().lean<DailyCoinSettingDoc[]>().exec();
      const byDay = new Map(docs.map((d) => [d.dayOfWeek, d.coinAmount]));
      return DAYS.map((day) => ({ id: idOf(day), dayOfWeek: day, coinAmount: byDay.get(day) ?? DAILY_COIN_DEFAULTS[day] }));
    },

    /**
     * Sets one weekday's amount. Last write wins, which is what an admin saving a form means;
     * the upsert's insert can lose a race with the seed, so an E11000 is retried as an update.
     */
    set: async (dayOfWeek: number, coinAmount: number): Promise<DailyCoinSetting> => {
      const write = () =>
        dailyCoinSettings
          .updateOne({ _id: idOf(dayOfWeek) }, { $set: { dayOfWeek, coinAmount, updatedAt: new Date() } }, { upsert: true })
          .exec();
      if ((await insertOnce(write)) === 'exists') await write();
      return { id: idOf(dayOfWeek), dayOfWeek, coinAmount };
    },
  };
}

export type DailyCoinSettingStore = ReturnType<typeof createDailyCoinSettingStore>;
