import { QUOTAS } from '@lakorn/contracts';
import { collectionOf, createAdminAudit, quotaSlots, type Connection, type Logger } from '@lakorn/service-kit';
import { createLedgerStore } from './data/ledgerStore';
import { walletModels } from './data/models';
import { createPaymentStore } from './data/paymentStore';
import { createPromoStore } from './data/promoStore';
import { createRegistrationStore } from './data/registrationStore';
import { createSettingsStore } from './data/settingsStore';
import { createSimulatedStore } from './data/simulatedStore';
import { createAccounts } from './domain/accounts';
import { createCoinRequests } from './domain/coinRequests';
import { createLedger } from './domain/ledger';
import { createPayments } from './domain/payments';
import { createPromoCodes } from './domain/promoCodes';
import { createSimulatedProvider } from './domain/providers/simulated';
import type { PaymentProvider } from './domain/providers/types';
import { createSettings } from './domain/settings';

export interface WalletServiceOptions {
  connection: Connection;
  logger: Logger;
  /**
   * 'simulated' builds the simulated provider on this database; a PaymentProvider is used as it
   * is (Stripe, data/stripe.ts); null: payments cannot be taken here.
   */
  provider: PaymentProvider | 'simulated' | null;
  promptPayId: string;
  /** The simulated bank's "pay" (ARCHITECTURE §8: false in production). */
  allowSimulation: boolean;
  now?: () => Date;
}

/**
 * The wallet's composition root: its models, stores and domain on one connection. main.ts adds the
 * bus, the outbox and HTTP; the tests build the same thing on their own database.
 */
export function createWalletService(options: WalletServiceOptions) {
  const now = options.now ?? (() => new Date());
  const models = walletModels(options.connection);
  const ledger = createLedger(createLedgerStore(models), now);
  // Admins' writes go into the audit log the catalog keeps (wallet.admin.action).
  const audit = createAdminAudit({ connection: options.connection, event: 'wallet.admin.action', now });
  const settings = createSettings(createSettingsStore(models), audit);
  const promoStore = createPromoStore(models);
  const provider =
    options.provider === 'simulated'
      ? createSimulatedProvider({ store: createSimulatedStore(models), promptPayId: options.promptPayId, now })
      : options.provider;
  return {
    models,
    ledger,
    accounts: createAccounts({ ledger, registrations: createRegistrationStore(models), promos: promoStore, settings }),
    coinRequests: createCoinRequests(ledger, () => now().getTime()),
    promoCodes: createPromoCodes(promoStore, ledger, audit, now, {
      slots: quotaSlots(collectionOf(models.quotaSlots), now),
      limit: QUOTAS.failedPromoRedemptions,
      windowMs: QUOTAS.failedPromoWindowMs,
    }),
    settings,
    payments: createPayments({
      store: createPaymentStore(models),
      ledger,
      settings,
      provider,
      allowSimulation: options.allowSimulation,
      logger: options.logger,
      now,
    }),
    provider,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
