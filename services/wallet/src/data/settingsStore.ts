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
  const { settings } = models;
  const write = async (id: string, values: { coins?: number; enabled?: boolean }, by: string) => {
    await settings.updateOne({ _id: id }, { $set: { ...values, updatedAt: new Date(), updatedBy: by } }, { upsert: true }).exec();
  };
  return {
    async registrationBonus() {
      const doc = await settings.findById(SETTING_IDS.registrationBonus).lean().exec();
      return typeof doc?.coins === 'number' ? doc.coins : null;
    },
    setRegistrationBonus: (coins, by) => write(SETTING_IDS.registrationBonus, { coins }, by),
    async paymentEnabled() {
      const doc = await settings.findById(SETTING_IDS.paymentSystem).lean().exec();
      return typeof doc?.enabled === 'boolean' ? doc.enabled : null;
    },
    setPaymentEnabled: (enabled, by) => write(SETTING_IDS.paymentSystem, { enabled }, by),
  };
}
