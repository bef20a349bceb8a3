import type { KeyObject } from 'node:crypto';
import type { Express } from 'express';
import { createHttpApp, type Logger, type ReadinessCheck, type ServiceMetrics } from '@lakorn/service-kit';
import type { StripeWebhook } from './data/stripe';
import { adminRoutes } from './routes/admin';
import { coinRoutes } from './routes/coins';
import { walletErrors } from './routes/errors';
import { paymentRoutes } from './routes/payments';
import { webhookRoutes } from './routes/webhook';
import type { WalletService } from './service';

export interface WalletAppDeps {
  logger: Logger;
  sessionPublicKey: string | KeyObject;
  service: WalletService;
  /** ALLOW_DEV_FROM_NETWORK (ARCHITECTURE §8); false unless set. */
  allowSimulationFromNetwork?: boolean;
  /** null when Stripe webhooks are not set up (they answer 404). */
  stripeWebhook: StripeWebhook | null;
  readiness?: ReadinessCheck[];
  /** The runtime's metrics, served at /metrics (service-kit README "Metrics"). */
  metrics?: ServiceMetrics;
}

/** The wallet's express app (no listen): coins, promo codes, settings and PromptPay payments. */
export function createApp({ logger, service, ...deps }: WalletAppDeps): Express {
  const { ledger, promoCodes, settings, payments } = service;
  return createHttpApp({
    logger,
    sessionPublicKey: deps.sessionPublicKey,
    readiness: deps.readiness,
    metrics: deps.metrics,
    rawRouters: [webhookRoutes({ payments, stripe: deps.stripeWebhook, logger })],
    routers: [
      coinRoutes({ ledger, promoCodes, payments }),
      paymentRoutes({ payments, allowSimulationFromNetwork: deps.allowSimulationFromNetwork ?? false }),
      adminRoutes({ settings, promoCodes, payments, providerKind: service.provider?.kind ?? null }),
    ],
    domainErrors: walletErrors,
  });
}
