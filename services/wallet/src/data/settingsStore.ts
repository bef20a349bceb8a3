import { collectionOf } from '@lakorn/service-kit';
import type { WalletModels } from './models';

export const SETTING_IDS = { registrationBonus: 'registrationBonus', paymentSystem: 'paymentSystem' } as const;

/** Owner settings, one document each; the last write wins (a single owner edits them). */
export interface SettingsStore {
  registrationBonus(): Promise<number | null>;
  setRegistrationBonus(coins: number, by: string): Promise<void>;
  paymentEnabled(): Promise<boolean | null>;
  setPaymentEnabled(enabled: boolean, by: string): Promise<void>;
}

export function createSettingsStore(models: WalletModels): SettingsStore {
  const settings = collectionOf(models.settings);
  const write = async (id: string, values: { coins?: number; enabled?: boolean }, by: string) => {
    await settings.updateOne({ _id: id }, { $set: { ...values, updatedAt: new Date(), updatedBy: by } }, { upsert: true });
  };
  return {
    async registrationBonus() {
      const doc = await settings.findOne({ _id: SETTING_IDS.registrationBonus });
      return typeof doc?.coins === 'number' ? doc.coins : null;
    },
    setRegistrationBonus: (coins, by) => write(SETTING_IDS.registrationBonus, { coins }, by),
    async paymentEnabled() {
      const doc = await settings.findOne({ _id: SETTING_IDS.paymentSystem });
      return typeof doc?.enabled === 'boolean' ? doc.enabled : null;
    },
    setPaymentEnabled: (enabled, by) => write(SETTING_IDS.paymentSystem, { enabled }, by),
  };
}
