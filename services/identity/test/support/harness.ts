import request from 'supertest';
import type { Express } from 'express';
import type { OAuth2Client } from 'google-auth-library';
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
  /** The development provider (none in a harness built for Google sign-in). */
  dev?: DevIdentityProvider;
  sessions: IdentityService['sessions'];
  connection: Connection;
  close: () => Promise<void>;
}

/** Identity as main.ts builds it (createIdentityService, without GOOGLE_CLIENT_ID), on a fresh database and bus namespace. */
export interface IdentityHarnessOptions {
  allowDevFromNetwork?: boolean;
  /** Google sign-in instead of the development provider: our client id and its verifying client. */
  google?: { clientId: string; client: OAuth2Client };
  now?: () => Date;
  /** INTERNAL_TOKEN: the service credential of the internal routes (service-kit README "Internal routes"). */
  internalToken?: string;
}

export async function identityHarness(label: string, options: IdentityHarnessOptions = {}): Promise<IdentityHarness> {
  const mongo = await testMongo(`identity${label}`);
  const logger = silentLogger();
  const namespace = testNamespace();
  const bus = testBus('identity', { namespace });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger, embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 100 });
  const service = createIdentityService({ connection: mongo.connection, logger, outbox, roles: ROLES, googleClientId: options.google?.clientId, googleClient: options.google?.client, now: options.now });
  await ensureIndexes(mongo.connection);
  await registerConsumers({ bus, accounts: service.accounts, logger });
  outbox.start();
  const dev = service.devProvider;
  if (!dev && !options.google) throw new Error('identity without GOOGLE_CLIENT_ID runs the development identity provider');
  const keys = testSessionKeys();
  const app = createApp({
    ...service,
    logger,
    sessionPublicKey: keys.publicKey,
    issuer: { privateKey: keys.privateKey, secureCookies: false },
    allowDevFromNetwork: options.allowDevFromNetwork ?? false,
    googleClientId: options.google?.clientId,
    internalToken: options.internalToken,
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

/**
 * A browser's GET /api/auth/start (the sign-in button's popup or page): where it is sent, the
 * nonce in that address, and the cookie binding it to this browser (`cookie` sends one it had).
 */
export async function startSignIn(app: Express, state: string, cookie?: string, redirectUri?: string) {
  const query = new URLSearchParams({ state, ...(redirectUri ? { redirect_uri: redirectUri } : {}) });
  const res = await request(app).get(`/api/auth/start?${query.toString()}`).set('Cookie', cookie ?? '').expect(302);
  const location = String(res.headers.location);
  const nonce = new URL(location, 'http://localhost').searchParams.get('nonce') ?? '';
  const set = String((res.headers['set-cookie'] as unknown as string[] | undefined)?.[0] ?? '').split(';')[0] ?? '';
  return { location, nonce, cookie: set || cookie || '' };
}

/** Every `event` identity publishes from now on, as another service on its bus receives them. */
export async function watchEvents<N extends EventName>(h: IdentityHarness, event: N) {
  const observer = testBus(`observer-${event}`, { namespace: h.namespace });
  const received: Array<EventPayload<N>> = [];
  await observer.consume({ queue: event, events: [event], handler: async (e) => void received.push(e.payload) });
  await observer.ready();
  return { received, close: () => observer.close() };
}
