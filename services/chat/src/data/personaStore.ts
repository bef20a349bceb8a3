import type { Connection } from 'mongoose';
import { LIMITS } from '@lakorn/contracts';
import { isDuplicateKeyError } from '@lakorn/service-kit';
import { chatCollections, type PersonaDoc } from './models';

export interface PersonaStore {
  ofUser(userId: string): Promise<PersonaDoc[]>;
  get(id: string): Promise<PersonaDoc | null>;
  /**
   * Inserts the persona into a free slot 1..5 (spec §5: at most 5 per user). The unique
   * (userId, slot) index refuses a taken slot, so concurrent creates can never make a sixth.
   * Answers null when every slot is taken.
   */
  insertInFreeSlot(doc: Omit<PersonaDoc, 'slot'>): Promise<PersonaDoc | null>;
  replace(doc: PersonaDoc): Promise<boolean>;
  remove(id: string): Promise<void>;
  removeOfUser(userId: string): Promise<void>;
}

export function personaStore(connection: Connection): PersonaStore {
  const { personas } = chatCollections(connection);
  return {
    ofUser: (userId) => personas.find({ userId }).sort({ createdAt: 1, _id: 1 }).toArray(),
    get: (id) => personas.findOne({ _id: id }),
    async insertInFreeSlot(doc) {
      for (let slot = 1; slot <= LIMITS.personasPerUser; slot++) {
        const withSlot: PersonaDoc = { ...doc, slot };
        try {
          await personas.insertOne(withSlot);
          return withSlot;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      return null;
    },
    async replace(doc) {
      const result = await personas.replaceOne({ _id: doc._id }, doc);
      return result.matchedCount === 1;
    },
    async remove(id) {
      await personas.deleteOne({ _id: id });
    },
    async removeOfUser(userId) {
      await personas.deleteMany({ userId });
    },
  };
}
