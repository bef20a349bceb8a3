import type { KeyObject } from 'node:crypto';
import type { Express } from 'express';
import type Stripe from 'stripe';
import type { PaymentProviderKind } from '@lakorn/contracts';
import { createHttpApp, type Logger, type ReadinessCheck } from '@lakorn/service-kit';
import type { Ledger } from './domain/ledger';
import type { Payments } from './domain/payments';
import type { PromoCodes } from './domain/promoCodes';
import type { Settings } from './domain/settings';
import { adminRoutes } from './routes/admin';
import { coinRoutes } from './routes/coins';
import { paymentRoutes } from './routes/payments';
import { webhookRoutes } from './routes/webhook';

export interface WalletAppDeps {
  logger: Logger;
  sessionPublicKey: string | KeyObject;
  nodeEnv: 'development' | 'test' | 'production';
  /** ALLOW_DEV_FROM_NETWORK (ARCHITECTURE §8); false unless set. */
  allowSimulationFromNetwork?: boolean;
  ledger: Ledger;
  promoCodes: PromoCodes;
  settings: Settings;
  payments: Payments;
  providerKind: PaymentProviderKind | null;
  stripeWebhook: { client: Stripe; webhookSecret: string } | null;
  readiness?: ReadinessCheck[];
}

/** The wallet's express app (no listen): coins, promo codes, settings and PromptPay payments. */
export function createApp(deps: WalletAppDeps): Express {
  return createHttpApp({
    logger: deps.logger,
    sessionPublicKey: deps.sessionPublicKey,
    readiness: deps.readiness,
    rawRouters: [webhookRoutes({ payments: deps.payments, stripe: deps.stripeWebhook, logger: deps.logger })],
    routers: [
      coinRoutes({ ledger: deps.ledger, promoCodes: deps.promoCodes, payments: deps.payments }),
      paymentRoutes({ payments: deps.payments, nodeEnv: deps.nodeEnv, allowSimulationFromNetwork: deps.allowSimulationFromNetwork ?? false }),
      adminRoutes({ settings: deps.settings, promoCodes: deps.promoCodes, payments: deps.payments, providerKind: deps.providerKind }),
    ],
  });
}
