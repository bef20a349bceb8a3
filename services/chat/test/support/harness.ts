import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import request from 'supertest';
import type { CharacterSnapshot, Chat } from '@lakorn/contracts';
import { createMetrics, createOutbox, ensureIndexes, silentLogger, type Actor, type Bus, type Outbox, type ServiceMetrics } from '@lakorn/service-kit';
import { listenLocally, sampleCharacter, sessionCookie, testActor, testBus, testMongo, testNamespace, testSessionKeys } from '@lakorn/service-kit/testing';
// The real wallet (its composition root and bus consumers), run in this process against the same
// FerretDB and RabbitMQ namespace: the money tests check chat against the wallet's own ledger.
import type { EntryDoc } from '../../../wallet/src/data/models';
import { EMBEDDED_OUTBOX_COLLECTIONS } from '../../../wallet/src/data/models';
import { registerConsumers as registerWalletConsumers } from '../../../wallet/src/events/consumers';
import { createWalletService, type WalletService } from '../../../wallet/src/service';
import { createApp } from '../../src/app';
import { registerConsumers } from '../../src/events/consumers';
import { createChatService, type ChatService } from '../../src/service';
import { startFakeOpenAI, type FakeOpenAI } from './fakeOpenAI';

export interface ChatUnderTest {
  app: Express;
  /** The service's database, for tests that look at what is stored. */
  connection: Connection;
  server: Server;
  service: ChatService;
  bus: Bus;
  outbox: Outbox;
  /** The service's metrics, as its /metrics serves them. */
  metrics: ServiceMetrics;
  close(): Promise<void>;
}

export interface ChatOptions {
  label: string;
  namespace: string;
  /** The broker (or a brokerProxy in front of it). */
  amqpUrl?: string;
  /** A fake OpenAI server's base URL; unset: the offline responder. */
  llmBaseUrl?: string;
  catalogUrl?: string;
  debitTimeoutMs?: number;
  replyTimeoutMs?: number;
  contextTokens?: number;
  offlineStreamDelayMs?: number;
  /** New chats a member may open a day (contracts QUOTAS.chatsPerDay unless set). */
  chatsPerDay?: number;
}


/** The chat service on a fresh database with a real bus, its consumers and outbox relay running. */
export async function startChat(options: ChatOptions): Promise<ChatUnderTest> {
  const mongo = await testMongo(options.label);
  const logger = silentLogger();
  const metrics = createMetrics();
  const bus = testBus('chat', { namespace: options.namespace, metrics, ...(options.amqpUrl ? { url: options.amqpUrl } : {}) });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger, intervalMs: 100, metrics });
  const service = createChatService({
    connection: mongo.connection,
    logger,
    metrics,
    bus,
    outbox,
    catalogUrl: options.catalogUrl ?? 'http://127.0.0.1:9',
    llm: {
      baseUrl: options.llmBaseUrl,
      apiKey: 'test-key',
      model: 'fake-model',
      contextTokens: options.contextTokens ?? 8192,
      maxTokens: 600,
      temperature: 0.8,
      // The money tests count failures exactly: one failing call is one failed send.
      maxRetries: 0,
      timeoutMs: options.replyTimeoutMs ?? 10_000,
    },
    debitTimeoutMs: options.debitTimeoutMs ?? 5_000,
    offlineStreamDelayMs: options.offlineStreamDelayMs ?? 0,
    chatsPerDay: options.chatsPerDay,
  });
  await ensureIndexes(mongo.connection);
  await registerConsumers({ bus, service, logger });
  outbox.start();
  const app = createApp({ logger, sessionPublicKey: testSessionKeys().publicKey, service, metrics });
  const { server, close: closeServer } = await listenLocally(app);
  return {
    app,
    connection: mongo.connection,
    server,
    service,
    bus,
    outbox,
    metrics,
    async close() {
      await closeServer();
      await outbox.stop();
      await bus.close();
      await mongo.drop();
    },
  };
}

export interface SendStack {
  llm: FakeOpenAI;
  wallet: WalletUnderTest;
  chat: ChatUnderTest;
  /** The bus namespace both share (another chat service may join it). */
  namespace: string;
  close(): Promise<void>;
}

/**
 * What a send needs (spec §4 "Message send"): the real wallet and the chat service on one bus
 * namespace (through `amqpUrl` when given, e.g. a brokerProxy), the model a fake OpenAI server.
 */
export async function startSendStack(label: string, options: Omit<ChatOptions, 'label' | 'namespace' | 'llmBaseUrl'> = {}): Promise<SendStack> {
  const llm = await startFakeOpenAI();
  const namespace = testNamespace();
  const wallet = await startWallet({ label: `${label}_wallet`, namespace, amqpUrl: options.amqpUrl });
  const chat = await startChat({ ...options, label, namespace, llmBaseUrl: llm.baseUrl });
  return {
    llm,
    wallet,
    chat,
    namespace,
    async close() {
      for (const part of [chat, wallet, llm]) await part.close();
    },
  };
}

export interface WalletUnderTest {
  wallet: WalletService;
  bus: Bus;
  credit(userId: string, amount: number): Promise<void>;
  balance(userId: string): Promise<number>;
  entries(userId: string): Promise<EntryDoc[]>;
  close(): Promise<void>;
}

/** The real wallet on its own fresh database, serving the same bus namespace. */
export async function startWallet(options: { label: string; namespace: string; amqpUrl?: string }): Promise<WalletUnderTest> {
  const mongo = await testMongo(options.label);
  const logger = silentLogger();
  const wallet = createWalletService({ connection: mongo.connection, logger, provider: null, promptPayId: '0812345678', allowSimulation: false });
  await ensureIndexes(mongo.connection);
  const bus = testBus('wallet', { namespace: options.namespace, ...(options.amqpUrl ? { url: options.amqpUrl } : {}) });
  await registerWalletConsumers({ bus, service: wallet, logger });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger, embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 200 });
  outbox.start();
  let seeds = 0;
  return {
    wallet,
    bus,
    async credit(userId, amount) {
      await wallet.ledger.apply({ userId, opId: `seed:${userId}:${++seeds}`, kind: 'credit', amount, description: 'test credit' });
    },
    balance: async (userId) => (await wallet.ledger.balance(userId)).balance,
    entries: (userId) => wallet.models.entries.find({ userId }).sort({ seq: 1 }).lean<EntryDoc[]>(),
    async close() {
      await outbox.stop();
      await bus.close();
      await mongo.drop();
    },
  };
}

/** A signed-in member: the actor and its session cookie. */
export function member(overrides: Partial<Actor> = {}): { actor: Actor; cookie: string } {
  const actor = testActor(overrides);
  return { actor, cookie: sessionCookie(actor) };
}

let characters = 0;
/** A character snapshot as catalog.character.updated carries it, Thai throughout. */
export function snapshot(overrides: Partial<CharacterSnapshot> = {}): CharacterSnapshot {
  characters += 1;
  return {
    id: `c${Date.now().toString(36)}${characters}`,
    userId: 'creator-1',
    updatedAt: new Date().toISOString(),
    ...sampleCharacter(),
    ...overrides,
  };
}

/** Stores a character as if its catalog event had arrived, and opens a chat with it. */
export async function chatWith(chat: ChatUnderTest, cookie: string, character: CharacterSnapshot = snapshot()): Promise<Chat> {
  await chat.service.characters.applyUpdated(character, 1);
  const res = await request(chat.server).post('/api/chats').set('Cookie', cookie).send({ characterId: character.id, newChat: true });
  if (res.status !== 201) throw new Error(`POST /api/chats answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Chat;
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Parses a server-sent event stream body into its events (comment blocks, `: ping`, carry none). */
export function parseEvents(text: string): StreamEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.split('\n').some((line) => line.startsWith('data: ')))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}
