import type { Server } from 'node:http';
import type { Express } from 'express';
import { ensureIndexes, silentLogger } from '@lakorn/service-kit';
import { testMongo, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../../src/app';
import type { EntryDoc } from '../../src/data/models';
import type { StripeWebhook } from '../../src/data/stripe';
import type { PaymentProvider } from '../../src/domain/providers/types';
import { createWalletService, type WalletService } from '../../src/service';

/** Real time, plus whatever the test moves it on by (QR expiry). */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function testClock(): TestClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export interface ServiceUnderTest {
  wallet: WalletService;
  /** The wallet's database (for the outbox and tests that look at what is stored). */
  connection: Awaited<ReturnType<typeof testMongo>>['connection'];
  clock: TestClock;
  /** A user's ledger entries in chain order, as stored. */
  entries(userId: string): Promise<EntryDoc[]>;
  /** Drops the database. */
  close: () => Promise<void>;
}

export interface ServiceTestOptions {
  label: string;
  /** 'simulated' unless given. */
  provider?: PaymentProvider | 'simulated' | null;
  promptPayId?: string;
  /** The simulated bank's "pay" (false in production). */
  allowSimulation?: boolean;
}

/** The wallet service (models, stores, domain) on its own fresh database, with a test clock. */
export async function startWalletService(options: ServiceTestOptions): Promise<ServiceUnderTest> {
  const mongo = await testMongo(options.label);
  const clock = testClock();
  const wallet = createWalletService({
    connection: mongo.connection,
    logger: silentLogger(),
    provider: options.provider === undefined ? 'simulated' : options.provider,
    promptPayId: options.promptPayId ?? '0812345678',
    allowSimulation: options.allowSimulation ?? true,
    now: clock.now,
  });
  await ensureIndexes(mongo.connection);
  return {
    wallet,
    connection: mongo.connection,
    clock,
    entries: (userId) => wallet.models.entries.find({ userId }).sort({ seq: 1 }).lean<EntryDoc[]>(),
    close: () => mongo.drop(),
  };
}

export interface WalletUnderTest extends ServiceUnderTest {
  app: Express;
  /** A listening server, so many concurrent supertest requests share one socket server. */
  server: Server;
}

export interface WalletTestOptions extends Omit<ServiceTestOptions, 'allowSimulation'> {
  nodeEnv?: 'development' | 'test' | 'production';
  stripeWebhook?: StripeWebhook | null;
  /** ALLOW_DEV_FROM_NETWORK (ARCHITECTURE §8). */
  allowSimulationFromNetwork?: boolean;
  /** The address to listen on (a second host's peer reaches `hostAddress`); loopback by default. */
  host?: string;
}

/** The wallet's app as main.ts builds it, on its own fresh database (dropped by close). */
export async function startWallet(options: WalletTestOptions): Promise<WalletUnderTest> {
  const service = await startWalletService({ ...options, allowSimulation: (options.nodeEnv ?? 'test') !== 'production' });
  const app = createApp({
    logger: silentLogger(),
    sessionPublicKey: testSessionKeys().publicKey,
    service: service.wallet,
    allowSimulationFromNetwork: options.allowSimulationFromNetwork ?? false,
    stripeWebhook: options.stripeWebhook ?? null,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, options.host ?? '127.0.0.1', () => resolve(s));
  });
  return {
    ...service,
    app,
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    },
  };
}
