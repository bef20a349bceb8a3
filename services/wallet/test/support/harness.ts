import type { Server } from 'node:http';
import type { Express } from 'express';
import type Stripe from 'stripe';
import { ensureIndexes, silentLogger } from '@lakorn/service-kit';
import { testMongo, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../../src/app';
import type { PaymentProvider } from '../../src/domain/providers/types';
import { createWallet, type Wallet } from '../../src/wallet';

/** Real time, plus whatever the test moves it on by (QR expiry). */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function testClock(): TestClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export interface WalletUnderTest {
  app: Express;
  /** A listening server, so many concurrent supertest requests share one socket server. */
  server: Server;
  wallet: Wallet;
  clock: TestClock;
  close: () => Promise<void>;
}

export interface WalletTestOptions {
  label: string;
  provider?: PaymentProvider | 'simulated' | null;
  nodeEnv?: 'development' | 'test' | 'production';
  stripeWebhook?: { client: Stripe; webhookSecret: string } | null;
  promptPayId?: string;
  /** ALLOW_DEV_FROM_NETWORK (ARCHITECTURE §8). */
  allowSimulationFromNetwork?: boolean;
  /** The address to listen on (a second host's peer reaches `hostAddress`); loopback by default. */
  host?: string;
}

/** The wallet's app on its own fresh database (dropped by close), with a test clock. */
export async function startWallet(options: WalletTestOptions): Promise<WalletUnderTest> {
  const mongo = await testMongo(options.label);
  const clock = testClock();
  const nodeEnv = options.nodeEnv ?? 'test';
  const logger = silentLogger();
  const wallet = createWallet({
    connection: mongo.connection,
    logger,
    provider: options.provider === undefined ? 'simulated' : options.provider,
    promptPayId: options.promptPayId ?? '0812345678',
    allowSimulation: nodeEnv !== 'production',
    now: clock.now,
  });
  await ensureIndexes(mongo.connection);
  const app = createApp({
    logger,
    sessionPublicKey: testSessionKeys().publicKey,
    nodeEnv,
    allowSimulationFromNetwork: options.allowSimulationFromNetwork ?? false,
    ledger: wallet.ledger,
    promoCodes: wallet.promoCodes,
    settings: wallet.settings,
    payments: wallet.payments,
    providerKind: wallet.provider?.kind ?? null,
    stripeWebhook: options.stripeWebhook ?? null,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, options.host ?? '127.0.0.1', () => resolve(s));
  });
  return {
    app,
    server,
    wallet,
    clock,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mongo.drop();
    },
  };
}
