import type { DailyCoinSetting } from '@lakorn/contracts';
import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { CheckinModels } from './models';

export function createDailyCoinSettingStore(models: CheckinModels) {
  const settings = collectionOf(models.dailyCoinSettings);
  return {
    /** The stored weekday rows (any may be missing until seeded). */
    list: async (): Promise<DailyCoinSetting[]> =>
      (await settings.find().toArray()).map(({ _id, dayOfWeek, coinAmount }) => ({ id: _id, dayOfWeek, coinAmount })),

    /** Writes the row unless its weekday has one already (the unique `_id` keeps what is there). */
    insertIfAbsent: ({ id, dayOfWeek, coinAmount }: DailyCoinSetting, at: Date) =>
      insertOnce(() => settings.insertOne({ _id: id, dayOfWeek, coinAmount, updatedAt: at })),

    /**
     * Sets one weekday's amount. Last write wins, which is what an admin saving a form means;
     * the upsert's insert can lose a race with the seed, so an E11000 is retried as an update.
     */
    save: async ({ id, dayOfWeek, coinAmount }: DailyCoinSetting, at: Date): Promise<void> => {
      const write = () => settings.updateOne({ _id: id }, { $set: { dayOfWeek, coinAmount, updatedAt: at } }, { upsert: true });
      if ((await insertOnce(write)) === 'exists') await write();
    },
  };
}

export type DailyCoinSettingStore = ReturnType<typeof createDailyCoinSettingStore>;
