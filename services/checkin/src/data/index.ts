import type { Connection } from 'mongoose';
import { checkinModels } from './models';
import { createCheckinStore } from './checkinStore';
import { createDailyCoinSettingStore } from './dailyCoinSettingStore';
import { createNewsStore } from './newsStore';
import { createSpecialDayStore } from './specialDayStore';

export { EMBEDDED_OUTBOX_COLLECTIONS } from './models';
export type { CheckinStore, CheckinRecord } from './checkinStore';
export type { DailyCoinSettingStore } from './dailyCoinSettingStore';
export type { NewsStore } from './newsStore';
export type { SpecialDayStore } from './specialDayStore';

/** Every query the service makes, over the models of one connection (build once per connection). */
export function createStores(connection: Connection) {
  const models = checkinModels(connection);
  return {
    news: createNewsStore(models),
    specialDays: createSpecialDayStore(models),
    dailyCoinSettings: createDailyCoinSettingStore(models),
    checkins: createCheckinStore(models),
  };
}

export type Stores = ReturnType<typeof createStores>;
