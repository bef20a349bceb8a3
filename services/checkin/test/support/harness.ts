import type { Express } from 'express';
import type { AdminAction, EventPayload } from '@lakorn/contracts';
import { createOutbox, ensureIndexes, silentLogger, type Bus, type Connection, type IncomingEvent, type Outbox } from '@lakorn/service-kit';
import { harnessPerFile, testBus, testMongo, testNamespace, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../../src/app';
import { EMBEDDED_OUTBOX_COLLECTIONS } from '../../src/data/models';
import { createCheckinService, type CheckinService } from '../../src/service';

type Credit = IncomingEvent<'wallet.credit.requested'>;

export interface CheckinTestStack {
  app: Express;
  service: CheckinService;
  /** The test database's connection (infra's hot-path test watches its commands). */
  connection: Connection;
  outbox: Outbox;
  /** The service's own bus (pass `busUrl` to route it through a brokerProxy). */
  bus: Bus;
  /** Every wallet.credit.requested the "wallet" side of the test received, in order. */
  credits: Credit[];
  creditsFor: (opId: string) => Array<EventPayload<'wallet.credit.requested'>>;
  /** Every checkin.admin.action the "catalog" side received (the audit log's entries), in order. */
  adminActions: AdminAction[];
  /** Pins the server clock (the service decides "today" from it); until then it is the real time. */
  setNow: (instant: string | Date) => void;
  close: () => Promise<void>;
}

/**
 * The check-in service as main.ts builds it (createCheckinService), on a fresh database and bus
 * namespace: indexes, seeded coin settings, the outbox relay over the embedded `checkins` events,
 * and a consumer standing in for the wallet that records every credit request it is sent.
 */
export async function startCheckinStack(label: string, options: { busUrl?: string } = {}): Promise<CheckinTestStack> {
  const mongo = await testMongo(label);
  const logger = silentLogger();
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

  // The catalog keeps the audit log: its side of the test records every admin action published.
  const catalog = testBus('catalog', { namespace });
  const adminActions: AdminAction[] = [];
  await catalog.consume({
    queue: 'admin-actions',
    events: ['checkin.admin.action'],
    handler: async (event) => {
      adminActions.push(event.payload);
    },
  });

  const bus = testBus('checkin', { namespace, ...(options.busUrl ? { url: options.busUrl } : {}) });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger, embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 100 });
  let pinned: Date | undefined;
  const service = createCheckinService({ connection: mongo.connection, logger, outbox, now: () => pinned ?? new Date() });
  await ensureIndexes(mongo.connection);
  await service.coinSettings.seedDefaults();
  outbox.start();

  return {
    app: createApp({ ...service, logger, sessionPublicKey: testSessionKeys().publicKey }),
    service,
    connection: mongo.connection,
    outbox,
    bus,
    credits,
    creditsFor: (opId) => credits.filter((c) => c.messageId === opId).map((c) => c.payload),
    adminActions,
    setNow: (instant) => {
      pinned = new Date(instant);
    },
    close: async () => {
      await outbox.stop();
      await bus.close();
      await wallet.close();
      await catalog.close();
      await mongo.drop();
    },
  };
}

/** The stack for one test file: started before its tests, closed after them. */
export const useCheckinStack = (label: string) => harnessPerFile(() => startCheckinStack(label));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
