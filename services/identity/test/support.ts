import request from 'supertest';
import type { Express } from 'express';
import { createOutbox, silentLogger, type Bus, type Outbox } from '@lakorn/service-kit';
import { testBus, testMongo, testNamespace, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../src/app';
import { createAccountStore } from '../src/data/accountStore';
import { EMBEDDED_OUTBOX_COLLECTIONS, identityModels } from '../src/data/models';
import { createAccounts, type RoleConfig } from '../src/domain/accounts';
import { devIdentityProvider } from '../src/domain/idTokens';
import { registerConsumers } from '../src/events/consumers';

export const ROLES: RoleConfig = { adminEmails: ['admin@lakorn.local', 'helper@lakorn.local'], ownerEmail: 'admin@lakorn.local' };

export interface IdentityHarness {
  app: Express;
  bus: Bus;
  outbox: Outbox;
  namespace: string;
  dev: ReturnType<typeof devIdentityProvider>;
  close: () => Promise<void>;
}

/** createApp wired to a fresh database and bus namespace, exactly as main.ts wires it. */
export async function identityHarness(label: string, options: { allowDevFromNetwork?: boolean } = {}): Promise<IdentityHarness> {
  const mongo = await testMongo(`identity${label}`);
  const models = identityModels(mongo.connection);
  await Promise.all(Object.values(models).map((m) => m.createIndexes()));
  const namespace = testNamespace();
  const bus = testBus('identity', { namespace });
  const outbox = createOutbox({ connection: mongo.connection, bus, logger: silentLogger(), embedded: EMBEDDED_OUTBOX_COLLECTIONS, intervalMs: 100 });
  const accounts = createAccounts({ store: createAccountStore(models), outbox, roles: ROLES });
  await registerConsumers(bus, accounts);
  outbox.start();
  const dev = devIdentityProvider();
  const keys = testSessionKeys();
  const app = createApp({
    logger: silentLogger(),
    sessionPublicKey: keys.publicKey,
    issuer: { privateKey: keys.privateKey, secureCookies: false },
    accounts,
    verifier: dev.verifier,
    devProvider: dev,
    allowDevFromNetwork: options.allowDevFromNetwork ?? false,
    roles: ROLES,
    firstBalanceWaitMs: 0,
  });
  return {
    app,
    bus,
    outbox,
    namespace,
    dev,
    close: async () => {
      await outbox.stop();
      await bus.close();
      await mongo.drop();
    },
  };
}

/** Signs in through the public API as a script would: dev token, then verify. Returns the cookie. */
export async function signIn(app: Express, email: string, name: string) {
  const token = await request(app).post('/api/auth/dev/token').send({ email, name }).expect(200);
  const verified = await request(app).post('/api/auth/verify').send({ credential: token.body.credential });
  const cookie = String(verified.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  return { response: verified, profile: verified.body, cookie };
}
