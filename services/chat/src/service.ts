import { QUOTAS } from '@lakorn/contracts';
import { collectionOf, quotaSlots, type Bus, type Connection, type Logger, type Outbox, type ServiceMetrics } from '@lakorn/service-kit';
import { httpCatalogClient } from './data/catalogClient';
import { createAlternativeStore } from './data/alternativeStore';
import { createCharacterStore } from './data/characterStore';
import { createChatStore } from './data/chatStore';
import { chatModels } from './data/models';
import { createPersonaStore } from './data/personaStore';
import { createPinStore } from './data/pinStore';
import { createRatingStore } from './data/ratingStore';
import { createSendStore, type SendStore } from './data/sendStore';
import { createSummaryStore } from './data/summaryStore';
import { createCharacterDirectory, type CatalogClient } from './domain/characters';
import { createAnswers } from './domain/alternatives';
import { createChats } from './domain/chats';
import { createHistory } from './domain/history';
import { busCoinClient, type CoinClient } from './domain/coins';
import { createMemoryKeeper } from './domain/memory';
import { newId } from './domain/ids';
import { createMembers } from './domain/members';
import { createPaidRoom } from './domain/paidRoom';
import { createPersonas } from './domain/personas';
import { createPins } from './domain/pins';
import { createRatings } from './domain/ratings';
import { openAIResponder, openAISummarizer } from './domain/responders/openai';
import { offlineResponder } from './domain/responders/offline';
import type { Responder } from './domain/responders/types';
import { createSends } from './domain/sends';
import { createSummaries, offlineSummarizer, summaryRequestId, type Summarizer } from './domain/summaries';

export interface LlmSettings {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  contextTokens: number;
  maxTokens: number;
  temperature: number;
  maxRetries: number;
  timeoutMs: number;
}

export interface ChatServiceOptions {
  connection: Connection;
  logger: Logger;
  bus: Bus;
  outbox: Pick<Outbox, 'enqueue'>;
  catalogUrl: string;
  llm: LlmSettings;
  debitTimeoutMs: number;
  offlineStreamDelayMs: number;
  /** Where sends are counted by outcome (the runtime's metrics); unset: not counted. */
  metrics?: ServiceMetrics;
  /** New chats a member may open per day (contracts QUOTAS.chatsPerDay); tests pass a small one. */
  chatsPerDay?: number;
  /** Tests replace these. */
  catalog?: CatalogClient;
  coins?: CoinClient;
  responder?: Responder;
  summarizer?: Summarizer;
  now?: () => Date;
}

/** Reads the prompt gets: the newest messages of a chat (the token budget may keep fewer). */
export const HISTORY_LIMIT = 60;

/** The configured model's settings, one set for answers and summaries alike. */
function modelOptions(llm: LlmSettings, baseUrl: string) {
  const { apiKey, model, maxTokens, temperature, maxRetries, timeoutMs } = llm;
  return { baseUrl, apiKey, model, maxTokens, temperature, maxRetries, timeoutMs };
}

/** The responder ARCHITECTURE §7 asks for: the model when one is configured, else offline. */
export function responderFor(llm: LlmSettings, offlineStreamDelayMs: number): Responder {
  if (!llm.baseUrl) return offlineResponder({ streamDelayMs: offlineStreamDelayMs });
  return openAIResponder(modelOptions(llm, llm.baseUrl));
}

/** Who writes summaries: the configured model, else the offline extractive summarizer. */
export function summarizerFor(llm: LlmSettings): Summarizer {
  if (!llm.baseUrl) return offlineSummarizer();
  return openAISummarizer(modelOptions(llm, llm.baseUrl));
}

/**
 * lakorn_chat_sends_total{outcome}: each send counted once, when its resolution is decided (the
 * insert that won: handler, sweeper or a late repeat), as delivered, refunded, insufficient or void.
 */
function countingDecisions(store: SendStore, metrics: ServiceMetrics | undefined): SendStore {
  if (!metrics) return store;
  const sends = metrics.counter('lakorn_chat_sends_total', 'Sends by decided outcome: delivered, refunded, insufficient, void', ['outcome']);
  return {
    ...store,
    async resolve(resolution) {
      const decided = await store.resolve(resolution);
      if (decided.won) sends.inc({ outcome: decided.resolution.kind });
      return decided;
    },
  };
}

/** The chat service's parts over one database: models → stores → domain; what main.ts and the tests start from. */
export function createChatService(options: ChatServiceOptions) {
  const { connection, logger } = options;
  const models = chatModels(connection);
  const stores = {
    characters: createCharacterStore(models),
    chats: createChatStore(models),
    personas: createPersonaStore(models),
    sends: countingDecisions(createSendStore(models), options.metrics),
    alternatives: createAlternativeStore(models),
    summaries: createSummaryStore(models),
    pins: createPinStore(models),
    ratings: createRatingStore(models),
  };
  const catalog = options.catalog ?? httpCatalogClient(options.catalogUrl);
  const coins = options.coins ?? busCoinClient(options.bus, options.outbox);
  // This process, named on the sends and paid saves it handles (README "Sending a message" 6).
  const instanceId = newId();
  // Saved member text pays what it adds (README "Paying for text that reaches the model"); a save
  // is written when its text names it (`savedBy`).
  const paidRoom = createPaidRoom({
    coins,
    store: stores.sends,
    async written({ _id, kind, targetId }) {
      if (kind === 'edit') return (await stores.chats.getMessage(targetId))?.savedBy === _id;
      if (kind === 'memory') return (await stores.chats.memoryNote(targetId)).savedBy === _id;
      return (await stores.summaries.get(targetId))?.savedBy === _id;
    },
    logger,
    debitTimeoutMs: options.debitTimeoutMs,
    instanceId,
    now: options.now,
  });
  const characters = createCharacterDirectory(stores.characters);
  const personas = createPersonas(stores.personas, options.now);
  const chats = createChats({
    store: stores.chats,
    personas: stores.personas,
    characters,
    quotas: quotaSlots(collectionOf(models.quotaSlots), options.now),
    chatsPerDay: options.chatsPerDay ?? QUOTAS.chatsPerDay,
    alternatives: stores.alternatives,
    ratings: stores.ratings,
    outbox: options.outbox,
    paidRoom,
    now: options.now,
  });
  const members = createMembers({ chats: stores.chats, personas: stores.personas, sends: stores.sends });
  const responder = options.responder ?? responderFor(options.llm, options.offlineStreamDelayMs);
  const summaries = createSummaries({
    store: stores.summaries,
    chatStore: stores.chats,
    chats,
    characters,
    summarizer: options.summarizer ?? summarizerFor(options.llm),
    paidRoom,
    // To itself, through the outbox: the summary is written by chat's own consumer, off the send's path.
    request: (payload) => options.outbox.enqueue({ name: 'chat.summary.requested', payload, messageId: summaryRequestId(payload) }),
    logger,
    timeoutMs: options.llm.timeoutMs,
    now: options.now,
  });
  const pins = createPins({ store: stores.pins, messages: stores.chats, chats, now: options.now });
  const memory = createMemoryKeeper({ summaries, summaryStore: stores.summaries, pins, logger });
  const answers = createAnswers({ store: stores.alternatives, chatStore: stores.chats, chats, ratings: stores.ratings, pins: memory });
  const ratings = createRatings({ store: stores.ratings, chatStore: stores.chats, chats, outbox: options.outbox, now: options.now });
  const sends = createSends({
    store: stores.sends,
    chatStore: stores.chats,
    alternatives: stores.alternatives,
    chats,
    personas,
    characters,
    coins,
    responder,
    logger,
    debitTimeoutMs: options.debitTimeoutMs,
    replyTimeoutMs: options.llm.timeoutMs,
    historyLimit: HISTORY_LIMIT,
    promptBudgetTokens: options.llm.contextTokens - options.llm.maxTokens,
    memory,
    outbox: options.outbox,
    instanceId,
    now: options.now,
  });
  const history = createHistory({ store: stores.chats, sends: stores.sends, chats, characters, answers: stores.alternatives, listener: memory, paidRoom });
  return { models, stores, catalog, characters, personas, chats, members, sends, paidRoom, responder, summaries, pins, memory, answers, history, ratings };
}

export type ChatService = ReturnType<typeof createChatService>;
