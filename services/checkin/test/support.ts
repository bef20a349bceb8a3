import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { EventPayload } from '@lakorn/contracts';
import { createOutbox, ensureIndexes, silentLogger, type Bus, type IncomingEvent, type Outbox } from '@lakorn/service-kit';
import { testBus, testMongo, testNamespace, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../src/app';
import { createStores, EMBEDDED_OUTBOX_COLLECTIONS, type Stores } from '../src/data';

type Credit = IncomingEvent<'wallet.credit.requested'>;

export interface CheckinTestStack {
  app: Express;
  /** The service's database, for tests that watch what it is asked. */
  connection: Connection;
  stores: Stores;
  outbox: Outbox;
  /** The service's own bus (pass `busUrl` to route it through a brokerProxy). */
  bus: Bus;
  /** Every wallet.credit.requested the "wallet" side of the test received, in order. */
  credits: Credit[];
  creditsFor: (opId: string) => Array<EventPayload<'wallet.credit.requested'>>;
  /** Moves the server clock (the service decides "today" from it). */
  setNow: (instant: string | Date) => void;
  close: () => Promise<void>;
}

/**
 * The check-in service as main.ts wires it, on a fresh database and bus namespace: stores,
 * indexes, seeded coin settings, the outbox relay over the embedded `checkins` events, and a
 * consumer standing in for the wallet that records every credit request it is sent.
 */
export async function startCheckinStack(label: string, options: { busUrl?: string } = {}): Promise<CheckinTestStack> {
  const mongo = await testMongo(label);
  const stores = createStores(mongo.connection);
  await ensureIndexes(mongo.connection);
  await stores.dailyCoinSettings.seedDefaults();

  const namespace = testNamespace();
  const wallet = testBus('wallet', { namespace });
  const credits: Credit[] = [];
  await wallet.consume({
    queue: 'checkin-credits',
    events: ['wallet.credit.requested'],
    handler: async (event) => {
      credits.push(event);
    },
  });

  const bus = testBus('checkin', { namespace, ...(options.busUrl ? { url: options.busUrl } : {}) });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger: silentLogger(), embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 100 });
  outbox.start();

  let now = new Date();
  const app = createApp({
    logger: silentLogger(),
    sessionPublicKey: testSessionKeys().publicKey,
    stores,
    now: () => now,
    onCheckedIn: () => {
      outbox.flush().catch(() => undefined);
    },
  });

  return {
    app,
    connection: mongo.connection,
    stores,
    outbox,
    bus,
    credits,
    creditsFor: (opId) => credits.filter((c) => c.messageId === opId).map((c) => c.payload),
    setNow: (instant) => {
      now = new Date(instant);
    },
    close: async () => {
      await outbox.stop();
      await bus.close();
      await wallet.close();
      await mongo.drop();
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
