import type { Express } from 'express';
import request from 'supertest';
import type { CharacterInput, EventName, EventPayload } from '@lakorn/contracts';
import { createOutbox, ensureIndexes, silentLogger, type Actor, type Bus, type Outbox } from '@lakorn/service-kit';
import { harnessPerFile, sampleCharacter, sessionCookie, testActor, testBus, testMongo, testSessionKeys } from '@lakorn/service-kit/testing';
import { createApp } from '../../src/app';
import { createCatalogService, type CatalogService, type CatalogServiceOptions } from '../../src/service';

export interface Harness {
  app: Express;
  service: CatalogService;
  bus: Bus;
  outbox: Outbox;
  connection: Awaited<ReturnType<typeof testMongo>>['connection'];
  /** The events waiting in the outbox (the relay is not started), oldest first. */
  pendingEvents<N extends EventName>(name: N): Promise<Array<{ messageId: string; payload: EventPayload<N> }>>;
  close(): Promise<void>;
}

/** The catalog over a fresh FerretDB database, with a real bus (not relaying unless a test starts it). */
export async function startCatalog(
  label: string,
  options: { bus?: Bus; service?: Pick<CatalogServiceOptions, 'quotas' | 'now' | 'metrics'> } = {},
): Promise<Harness> {
  const mongo = await testMongo(label);
  const logger = silentLogger();
  const bus = options.bus ?? testBus('catalog');
  const outbox = createOutbox({ connection: mongo.connection, bus, logger });
  const service = createCatalogService({ connection: mongo.connection, logger, outbox, ...options.service });
  await ensureIndexes(mongo.connection);
  await service.catalog.load();
  const app = createApp({ logger, sessionPublicKey: testSessionKeys().publicKey, catalog: service.catalog, images: service.images, stats: service.stats, moderation: service.moderation });
  return {
    app,
    service,
    bus,
    outbox,
    connection: mongo.connection,
    async pendingEvents(name) {
      const docs = await mongo.connection
        .collection<{ _id: string; name: string; payload: unknown; createdAt: Date }>('outbox')
        .find({ name })
        .toArray();
      return docs
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((doc) => ({ messageId: doc._id, payload: doc.payload as EventPayload<typeof name> }));
    },
    async close() {
      await outbox.stop();
      await service.sync.stop();
      if (!options.bus) await bus.close();
      await mongo.drop();
    },
  };
}

/** The catalog for one test file: started before its tests, closed after them. */
export const catalogForThisFile = (label: string) => harnessPerFile(() => startCatalog(label));

/** A valid wizard submission (spec §5), Thai throughout: the house's sample character. */
export function characterInput(overrides: Partial<CharacterInput> = {}): CharacterInput {
  return { ...sampleCharacter(), cardExtras: '', ...overrides };
}

/** A signed-in member for supertest: the actor and its cookie. */
export function member(overrides: Partial<Actor> = {}): { actor: Actor; cookie: string } {
  const actor = testActor(overrides);
  return { actor, cookie: sessionCookie(actor) };
}

export async function createCharacter(app: Express, cookie: string, overrides: Partial<CharacterInput> = {}) {
  const res = await request(app).post('/api/characters').set('Cookie', cookie).send(characterInput(overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; version: number; [key: string]: unknown };
}
