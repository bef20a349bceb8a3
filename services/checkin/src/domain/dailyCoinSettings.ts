import { DAILY_COIN_DEFAULTS, type DailyCoinSetting } from '@lakorn/contracts';
import type { Actor, AdminAudit } from '@lakorn/service-kit';
import type { DailyCoinSettingStore } from '../data/dailyCoinSettingStore';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** `day-<dayOfWeek>`: one setting per weekday, so the seven can be seeded and saved without duplicates. */
const settingOf = (dayOfWeek: number, coinAmount: number): DailyCoinSetting => ({ id: `day-${dayOfWeek}`, dayOfWeek, coinAmount });

/** spec §2 Daily coin settings: what a check-in gives on each weekday that is not a special day. */
export function createDailyCoinSettings({ store, now, audit }: { store: DailyCoinSettingStore; now: () => Date; audit: AdminAudit }) {
  return {
    /** Writes the spec §9 defaults for any weekday without a setting; existing ones are kept. */
    async seedDefaults(): Promise<void> {
      for (const day of WEEKDAYS) await store.insertIfAbsent(settingOf(day, DAILY_COIN_DEFAULTS[day]), now());
    },

    /** The seven weekdays, Sunday first; a day without a setting answers its spec §9 default. */
    async list(): Promise<DailyCoinSetting[]> {
      const stored = new Map((await store.list()).map((s) => [s.dayOfWeek, s.coinAmount]));
      return WEEKDAYS.map((day) => settingOf(day, stored.get(day) ?? DAILY_COIN_DEFAULTS[day]));
    },

    /** The admin saves one weekday per call; the last save wins; it goes into the audit log. */
    async set(dayOfWeek: number, coinAmount: number, admin: Actor): Promise<DailyCoinSetting> {
      const setting = settingOf(dayOfWeek, coinAmount);
      await store.save(setting, now());
      await audit.record(admin, { action: 'dailyCoins.set', targetType: 'dayOfWeek', targetId: String(dayOfWeek), details: { coinAmount } });
      return setting;
    },
  };
}

export type DailyCoinSettings = ReturnType<typeof createDailyCoinSettings>;
