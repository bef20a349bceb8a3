import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { SimulatedIntentDoc, SimulatedOutcomeDoc, WalletModels } from './models';

/** The simulated provider's records: its intents, and how each ended (first insert wins). */
export interface SimulatedStore {
  insertIntent(doc: SimulatedIntentDoc): Promise<void>;
  findIntent(id: string): Promise<SimulatedIntentDoc | null>;
  /** Records the outcome unless one exists; answers the outcome that stands. */
  settleOutcome(id: string, outcome: SimulatedOutcomeDoc['outcome'], at: Date): Promise<SimulatedOutcomeDoc['outcome']>;
  findOutcome(id: string): Promise<SimulatedOutcomeDoc['outcome'] | null>;
  /** Records the intent as paid back (once). */
  insertRefund(id: string, at: Date): Promise<void>;
}

export function createSimulatedStore(models: WalletModels): SimulatedStore {
  const intents = collectionOf(models.simulatedIntents);
  const outcomes = collectionOf(models.simulatedOutcomes);
  const refunds = collectionOf(models.simulatedRefunds);
  const findOutcome = async (id: string) => (await outcomes.findOne({ _id: id }))?.outcome ?? null;
  return {
    async insertIntent(doc) {
      await intents.insertOne(doc);
    },
    findIntent: (id) => intents.findOne({ _id: id }),
    async settleOutcome(id, outcome, at) {
      if ((await insertOnce(() => outcomes.insertOne({ _id: id, outcome, at }))) === 'inserted') return outcome;
      const standing = await findOutcome(id);
      if (!standing) throw new Error(`outcome of ${id} vanished`);
      return standing;
    },
    findOutcome,
    async insertRefund(id, at) {
      await insertOnce(() => refunds.insertOne({ _id: id, at }));
    },
  };
}
