import {
  connectMongo,
  createBus,
  createLogger,
  createOutbox,
  ensureIndexes,
  exitOnStartupError,
  listenUntilStopped,
  pingMongo,
} from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { EMBEDDED_OUTBOX_COLLECTIONS } from './data/models';
import { createStripeClient, createStripeProvider } from './domain/providers/stripe';
import { registerConsumers } from './events/consumers';
import { createWallet } from './wallet';

async function main() {
  const config = loadConfig();
  const logger = createLogger('wallet', config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGODB_URL, `${config.MONGODB_DB_PREFIX}wallet`);

  const stripe = config.STRIPE_SECRET_KEY ? createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }) : null;
  const production = config.NODE_ENV === 'production';
  if (!stripe && production) {
    // A genuine QR that nothing can confirm would take real money without crediting it.
    logger.warn('STRIPE_SECRET_KEY is not set: payments are unavailable in production (the simulated provider is for development)');
  } else if (!stripe) {
    logger.warn({ promptPayId: config.PROMPTPAY_ID }, 'STRIPE_SECRET_KEY is not set: the simulated PromptPay provider takes payments');
  }
  if (stripe && !config.STRIPE_WEBHOOK_SECRET) logger.warn('STRIPE_WEBHOOK_SECRET is not set: webhooks are refused; payments settle when polled');

  const wallet = createWallet({
    connection,
    logger,
    provider: stripe ? createStripeProvider(stripe) : production ? null : 'simulated',
    promptPayId: config.PROMPTPAY_ID,
    allowSimulation: !production,
  });
  await ensureIndexes(connection);

  const bus = createBus({ url: config.AMQP_URL, namespace: config.BUS_NAMESPACE, service: 'wallet', logger });
  const outbox = createOutbox({ connection, bus, logger, embedded: EMBEDDED_OUTBOX_COLLECTIONS });
  // Not awaited: the service answers HTTP (and /readyz says so) while the broker is away; the bus
  // starts the consumers when it connects.
  registerConsumers({ bus, ledger: wallet.ledger, coinRequests: wallet.coinRequests, settings: wallet.settings, logger }).catch(
    (error: unknown) => logger.error({ err: error }, 'could not start the bus consumers'),
  );
  outbox.start();

  const sweeper = setInterval(() => {
    wallet.payments.sweepExpired().catch((error: unknown) => logger.warn({ err: error }, 'payment expiry sweep failed'));
  }, config.PAYMENT_SWEEP_INTERVAL_MS);

  const app = createApp({
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    nodeEnv: config.NODE_ENV,
    ledger: wallet.ledger,
    promoCodes: wallet.promoCodes,
    settings: wallet.settings,
    payments: wallet.payments,
    providerKind: wallet.provider?.kind ?? null,
    stripeWebhook: stripe && config.STRIPE_WEBHOOK_SECRET ? { client: stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET } : null,
    readiness: [
      { name: 'mongodb', check: () => pingMongo(connection) },
      { name: 'rabbitmq', check: () => bus.isConnected() },
    ],
  });
  listenUntilStopped(app, config.PORT, logger, [
    async () => clearInterval(sweeper),
    () => outbox.stop(),
    () => bus.close(),
    () => connection.close(),
  ]);
}

main().catch(exitOnStartupError('wallet'));
