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
import { registerConsumers } from './events/consumers';
import { createChatService } from './service';

async function main() {
  const config = loadConfig();
  const logger = createLogger('chat', config.LOG_LEVEL);
  const connection = await connectMongo(config.MONGODB_URL, `${config.MONGODB_DB_PREFIX}chat`);
  const bus = createBus({ url: config.AMQP_URL, namespace: config.BUS_NAMESPACE, service: 'chat', logger });
  const outbox = createOutbox({ connection, bus, logger });
  const service = createChatService({
    connection,
    logger,
    bus,
    outbox,
    catalogUrl: config.CATALOG_URL,
    llm: {
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      contextTokens: config.LLM_CONTEXT_TOKENS,
      maxTokens: config.LLM_MAX_TOKENS,
      temperature: config.LLM_TEMPERATURE,
      maxRetries: config.LLM_MAX_RETRIES,
      timeoutMs: config.LLM_TIMEOUT_MS,
    },
    debitTimeoutMs: config.DEBIT_TIMEOUT_MS,
    offlineStreamDelayMs: config.OFFLINE_STREAM_DELAY_MS,
  });
  await ensureIndexes(connection);
  if (service.responder.offline) logger.warn('LLM_BASE_URL is not set: the offline responder answers in character');
  else logger.info({ baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL }, 'AI replies from the configured model');

  // Not awaited: the service answers HTTP (and /readyz says so) while the broker is away; the bus
  // starts the consumers when it connects.
  registerConsumers({ bus, service, logger }).catch((error: unknown) => logger.error({ err: error }, 'could not start the bus consumers'));
  outbox.start();

  // Sends stuck between debit and reply (a crash, a hang) are refunded once the handler surely gave up.
  const sweeper = setInterval(() => {
    service.sends.sweep().catch((error: unknown) => logger.warn({ err: error }, 'send sweep failed'));
  }, config.SEND_SWEEP_INTERVAL_MS);

  const app = createApp({
    logger,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    service,
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

main().catch(exitOnStartupError('chat'));
