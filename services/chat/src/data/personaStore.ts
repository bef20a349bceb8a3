import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { ChatModels, PersonaDoc } from './models';

export interface PersonaStore {
  ofUser(userId: string): Promise<PersonaDoc[]>;
  get(id: string): Promise<PersonaDoc | null>;
  /** Inserts the persona into its slot; 'exists' when the unique (userId, slot) index holds another. */
  insertInSlot(doc: PersonaDoc): Promise<'inserted' | 'exists'>;
  replace(doc: PersonaDoc): Promise<boolean>;
  remove(id: string): Promise<void>;
  removeOfUser(userId: string): Promise<void>;
}

export function createPersonaStore(models: ChatModels): PersonaStore {
  const personas = collectionOf(models.personas);
  return {
    ofUser: (userId) => personas.find({ userId }).sort({ createdAt: 1, _id: 1 }).toArray(),
    get: (id) => personas.findOne({ _id: id }),
    insertInSlot: (doc) => insertOnce(() => personas.insertOne(doc)),
    replace: async (doc) => (await personas.replaceOne({ _id: doc._id }, doc)).matchedCount === 1,
    remove: async (id) => void (await personas.deleteOne({ _id: id })),
    removeOfUser: async (userId) => void (await personas.deleteMany({ userId })),
  };
}
