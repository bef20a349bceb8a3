import { ensureIndexes, exitOnStartupError, openServiceRuntime } from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { EMBEDDED_OUTBOX_COLLECTIONS } from './data/models';
import { createStripeClient, createStripeProvider } from './data/stripe';
import { registerConsumers } from './events/consumers';
import { createWalletService } from './service';

async function main() {
  const config = loadConfig();
  const { logger, connection, bus, readiness, metrics, startConsumers, every, serve } = await openServiceRuntime('wallet', config, {
    embedded: EMBEDDED_OUTBOX_COLLECTIONS,
  });

  const stripe = config.STRIPE_SECRET_KEY ? createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }) : null;
  const production = config.NODE_ENV === 'production';
  if (!stripe && production) {
    // A genuine QR that nothing can confirm would take real money without crediting it.
    logger.warn('STRIPE_SECRET_KEY is not set: payments are unavailable in production (the simulated provider is for development)');
  } else if (!stripe) {
    logger.warn({ promptPayId: config.PROMPTPAY_ID }, 'STRIPE_SECRET_KEY is not set: the simulated PromptPay provider takes payments');
    if (config.ALLOW_DEV_FROM_NETWORK) logger.warn('ALLOW_DEV_FROM_NETWORK=true: anyone who reaches this service can pay with the simulated bank');
  }
  if (stripe && !config.STRIPE_WEBHOOK_SECRET) logger.warn('STRIPE_WEBHOOK_SECRET is not set: webhooks are refused; payments settle when polled');

  const service = createWalletService({
    connection,
    logger,
    provider: stripe ? createStripeProvider(stripe) : production ? null : 'simulated',
    promptPayId: config.PROMPTPAY_ID,
    allowSimulation: !production,
  });
  await ensureIndexes(connection);

  startConsumers(() => registerConsumers({ bus, service, logger }));
  every(config.PAYMENT_SWEEP_INTERVAL_MS, 'payment expiry sweep', () => service.payments.sweepExpired());

  const app = createApp({
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    service,
    allowSimulationFromNetwork: config.ALLOW_DEV_FROM_NETWORK,
    stripeWebhook: stripe && config.STRIPE_WEBHOOK_SECRET ? { client: stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET } : null,
    readiness,
    metrics,
  });
  serve(app);
}

main().catch(exitOnStartupError('wallet'));
