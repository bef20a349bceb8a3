import { REGISTRATION_BONUS_DEFAULT } from '@lakorn/contracts';
import type { Actor, AdminAudit } from '@lakorn/service-kit';
import type { SettingsStore } from '../data/settingsStore';

// The owner's two switches (spec §2 payment settings and registration bonus); each change goes
// into the audit log (service-kit adminAudit).

export interface Settings {
  /** Coins a new member receives; REGISTRATION_BONUS_DEFAULT (1000) until the owner sets one (spec §9). */
  registrationBonus(): Promise<number>;
  setRegistrationBonus(coins: number, by: Actor): Promise<number>;
  /** The owner's switch; on until turned off, so a fresh install can sell coins. */
  paymentSwitch(): Promise<boolean>;
  setPaymentSwitch(enabled: boolean, by: Actor): Promise<boolean>;
}

export function createSettings(store: SettingsStore, audit: AdminAudit): Settings {
  return {
    async registrationBonus() {
      return (await store.registrationBonus()) ?? REGISTRATION_BONUS_DEFAULT;
    },
    async setRegistrationBonus(coins, by) {
      await store.setRegistrationBonus(coins, by.id);
      await audit.record(by, { action: 'registrationBonus.set', targetType: 'setting', targetId: 'registrationBonus', details: { coins } });
      return coins;
    },
    async paymentSwitch() {
      return (await store.paymentEnabled()) ?? true;
    },
    async setPaymentSwitch(enabled, by) {
      await store.setPaymentEnabled(enabled, by.id);
      await audit.record(by, { action: 'paymentSystem.set', targetType: 'setting', targetId: 'paymentSystem', details: { enabled } });
      return enabled;
    },
  };
}
