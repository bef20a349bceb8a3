import { isDuplicateKeyError } from '@lakorn/service-kit';
import { rawCollection, type SimulatedIntentDoc, type SimulatedOutcomeDoc, type WalletModels } from './models';

/** The simulated provider's records: its intents, and how each ended (first insert wins). */
export interface SimulatedStore {
  insertIntent(doc: SimulatedIntentDoc): Promise<void>;
  findIntent(id: string): Promise<SimulatedIntentDoc | null>;
  /** Records the outcome unless one exists; answers the outcome that stands. */
  settleOutcome(id: string, outcome: SimulatedOutcomeDoc['outcome'], at: Date): Promise<SimulatedOutcomeDoc['outcome']>;
  findOutcome(id: string): Promise<SimulatedOutcomeDoc['outcome'] | null>;
}

export function createSimulatedStore(models: WalletModels): SimulatedStore {
  const { simulatedIntents, simulatedOutcomes } = models;
  const findOutcome = async (id: string) => (await simulatedOutcomes.findById(id).lean().exec())?.outcome ?? null;
  return {
    async insertIntent(doc) {
      await rawCollection(simulatedIntents).insertOne(doc);
    },
    findIntent: (id) => simulatedIntents.findById(id).lean<SimulatedIntentDoc>().exec(),
    async settleOutcome(id, outcome, at) {
      try {
        await rawCollection(simulatedOutcomes).insertOne({ _id: id, outcome, at });
        return outcome;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const standing = await findOutcome(id);
        if (!standing) throw new Error(`outcome of ${id} vanished`);
        return standing;
      }
    },
    findOutcome,
  };
}
