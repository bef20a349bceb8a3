import type { Connection } from 'mongoose';
import type { Logger } from '@lakorn/service-kit';
import { createLedgerStore } from './data/ledgerStore';
import { walletModels, type WalletModels } from './data/models';
import { createPaymentStore } from './data/paymentStore';
import { createPromoStore } from './data/promoStore';
import { createSettingsStore } from './data/settingsStore';
import { createSimulatedStore } from './data/simulatedStore';
import { createCoinRequests, type CoinRequests } from './domain/coinRequests';
import { createLedger, type Ledger } from './domain/ledger';
import { createPayments, type Payments } from './domain/payments';
import { createPromoCodes, type PromoCodes } from './domain/promoCodes';
import { createSimulatedProvider } from './domain/providers/simulated';
import type { PaymentProvider } from './domain/providers/types';
import { createSettings, type Settings } from './domain/settings';

// The wallet's composition root: its models, stores and domain, built on one connection. main.ts
// adds the bus, the outbox and HTTP; the tests build the same thing on their own database.

export interface Wallet {
  models: WalletModels;
  ledger: Ledger;
  coinRequests: CoinRequests;
  promoCodes: PromoCodes;
  settings: Settings;
  payments: Payments;
  provider: PaymentProvider | null;
}

export interface WalletOptions {
  connection: Connection;
  logger: Logger;
  /**
   * 'simulated' builds the simulated provider on this database; a PaymentProvider is used as it
   * is (Stripe); null: payments cannot be taken here.
   */
  provider: PaymentProvider | 'simulated' | null;
  promptPayId: string;
  allowSimulation: boolean;
  now?: () => Date;
}

export function createWallet(options: WalletOptions): Wallet {
  const now = options.now ?? (() => new Date());
  const models = walletModels(options.connection);
  const ledger = createLedger(createLedgerStore(models), now);
  const settings = createSettings(createSettingsStore(models));
  const provider =
    options.provider === 'simulated'
      ? createSimulatedProvider({ store: createSimulatedStore(models), promptPayId: options.promptPayId, now })
      : options.provider;
  return {
    models,
    ledger,
    coinRequests: createCoinRequests(ledger, () => now().getTime()),
    promoCodes: createPromoCodes(createPromoStore(models), ledger, now),
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
