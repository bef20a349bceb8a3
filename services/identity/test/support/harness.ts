import request from 'supertest';
import type { Express } from 'express';
import type { EventName, EventPayload } from '@lakorn/contracts';
import { createOutbox, ensureIndexes, silentLogger, type Bus, type Connection, type Outbox } from '@lakorn/service-kit';
import { harnessPerFile, testBus, testMongo, testNamespace, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../../src/app';
import { EMBEDDED_OUTBOX_COLLECTIONS } from '../../src/data/models';
import type { RoleConfig } from '../../src/domain/accounts';
import type { DevIdentityProvider } from '../../src/domain/idTokens';
import { registerConsumers } from '../../src/events/consumers';
import { createIdentityService, type IdentityService } from '../../src/service';

export const ROLES: RoleConfig = { adminEmails: ['admin@lakorn.local', 'helper@lakorn.local'], ownerEmail: 'admin@lakorn.local' };

export interface IdentityHarness {
  app: Express;
  bus: Bus;
  outbox: Outbox;
  namespace: string;
  dev: DevIdentityProvider;
  sessions: IdentityService['sessions'];
  connection: Connection;
  close: () => Promise<void>;
}

/** Identity as main.ts builds it (createIdentityService, without GOOGLE_CLIENT_ID), on a fresh database and bus namespace. */
export async function identityHarness(label: string, options: { allowDevFromNetwork?: boolean } = {}): Promise<IdentityHarness> {
  const mongo = await testMongo(`identity${label}`);
  const logger = silentLogger();
  const namespace = testNamespace();
  const bus = testBus('identity', { namespace });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger, embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 100 });
  const service = createIdentityService({ connection: mongo.connection, logger, outbox, roles: ROLES });
  await ensureIndexes(mongo.connection);
  await registerConsumers({ bus, accounts: service.accounts, logger });
  outbox.start();
  const dev = service.devProvider;
  if (!dev) throw new Error('identity without GOOGLE_CLIENT_ID runs the development identity provider');
  const keys = testSessionKeys();
  const app = createApp({
    ...service,
    logger,
    sessionPublicKey: keys.publicKey,
    issuer: { privateKey: keys.privateKey, secureCookies: false },
    allowDevFromNetwork: options.allowDevFromNetwork ?? false,
    firstBalanceWaitMs: 0,
  });
  return {
    app,
    bus,
    outbox,
    namespace,
    dev,
    sessions: service.sessions,
    connection: mongo.connection,
    close: async () => {
      await outbox.stop();
      await bus.close();
      await mongo.drop();
    },
  };
}

/** The harness for one test file: built before its tests, closed after them. */
export const useIdentityHarness = (label: string) => harnessPerFile(() => identityHarness(label));

/** Signs in through the public API as a script would: dev token, then verify. Returns the cookie. */
export async function signIn(app: Express, email: string, name: string) {
  const token = await request(app).post('/api/auth/dev/token').send({ email, name }).expect(200);
  const verified = await request(app).post('/api/auth/verify').send({ credential: token.body.credential });
  const cookie = String(verified.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  return { response: verified, profile: verified.body, cookie };
}

/** Every `event` identity publishes from now on, as another service on its bus receives them. */
export async function watchEvents<N extends EventName>(h: IdentityHarness, event: N) {
  const observer = testBus(`observer-${event}`, { namespace: h.namespace });
  const received: Array<EventPayload<N>> = [];
  await observer.consume({ queue: event, events: [event], handler: async (e) => void received.push(e.payload) });
  await observer.ready();
  return { received, close: () => observer.close() };
}
