import { ensureIndexes, exitOnStartupError, openServiceRuntime } from '@lakorn/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { registerConsumers } from './events/consumers';
import { INSTANCE_SEEN_MS } from './domain/sends';
import { createChatService } from './service';

async function main() {
  const config = loadConfig();
  const { logger, connection, bus, outbox, readiness, metrics, startConsumers, every, serve } = await openServiceRuntime('chat', config);
  const service = createChatService({
    connection,
    logger,
    metrics,
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

  startConsumers(() => registerConsumers({ bus, service, logger }));
  // This process is seen running before it takes a send, and every few seconds after: the sends of
  // a process gone quiet are settled at once (domain/sends.ts INSTANCE_GONE_MS), not at their deadline.
  await service.sends.seen();
  every(INSTANCE_SEEN_MS, 'chat instance seen', () => service.sends.seen());
  // Sends stuck between debit and reply (a crash, a hang) are refunded once the handler surely gave
  // up, and so are paid saves stuck between debit and write (README "Paying for text that reaches the model").
  every(config.SEND_SWEEP_INTERVAL_MS, 'send sweep', () => Promise.all([service.sends.sweep(), service.paidRoom.sweep()]));
  // The daily new-chat slots of past days are no longer counted: an hourly sweep removes them.
  every(60 * 60_000, 'chat quota prune', () => service.chats.forgetPastDays());
  serve(createApp({ logger, sessionPublicKey: config.SESSION_PUBLIC_KEY, service, readiness, metrics }));
}

main().catch(exitOnStartupError('chat'));
