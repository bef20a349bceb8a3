import type { Connection } from 'mongoose';
import type { CharacterSnapshot } from '@lakorn/contracts';
import { isDuplicateKeyError } from '@lakorn/service-kit';
import { chatCollections, type CharacterDoc } from './models';

export interface StoredCharacter {
  snapshot: CharacterSnapshot;
  version: number;
}

export interface CharacterStore {
  get(id: string): Promise<StoredCharacter | null>;
  getMany(ids: string[]): Promise<Map<string, StoredCharacter>>;
  /**
   * Keeps the copy with the highest version. FerretDB replaces whole documents without atomicity,
   * so after each write the stored version is read back: a lower version that won a race is
   * overwritten again, and the loop ends once the highest version known to any writer stands.
   */
  putIfNewer(snapshot: CharacterSnapshot, version: number): Promise<'stored' | 'stale' | 'deleted'>;
  /** Records the deletion (so no late update revives it) and drops the copy. */
  markDeleted(id: string): Promise<void>;
  isDeleted(id: string): Promise<boolean>;
}

function toStored(doc: CharacterDoc): StoredCharacter {
  const { _id, version, storedAt: _storedAt, ...rest } = doc;
  const snapshot: CharacterSnapshot = {
    id: _id,
    userId: rest.userId,
    name: rest.name,
    age: rest.age,
    gender: rest.gender,
    genre: rest.genre,
    appearance: rest.appearance,
    personality: rest.personality,
    firstMessage: rest.firstMessage,
    background: rest.background,
    exampleMessages: rest.exampleMessages,
    isPublic: rest.isPublic,
    isSpicy: rest.isSpicy,
    description: rest.description,
    profileUrl: rest.profileUrl,
    updatedAt: rest.updatedAt,
  };
  return { snapshot, version };
}

const MAX_WRITES = 20;

export function characterStore(connection: Connection): CharacterStore {
  const { characters, deletedCharacters } = chatCollections(connection);
  const isDeleted = async (id: string) => (await deletedCharacters.findOne({ _id: id }, { projection: { _id: 1 } })) !== null;

  return {
    async get(id) {
      const doc = await characters.findOne({ _id: id });
      return doc ? toStored(doc) : null;
    },

    async getMany(ids) {
      const unique = [...new Set(ids)];
      const found = new Map<string, StoredCharacter>();
      if (unique.length === 0) return found;
      const docs = await characters.find({ _id: { $in: unique } }).toArray();
      for (const doc of docs) found.set(doc._id, toStored(doc));
      return found;
    },

    async putIfNewer(snapshot, version) {
      if (await isDeleted(snapshot.id)) return 'deleted';
      const doc: CharacterDoc = { ...snapshot, _id: snapshot.id, version, storedAt: new Date() };
      delete (doc as Partial<CharacterSnapshot>).id;
      let wrote = false;
      for (let attempt = 0; attempt < MAX_WRITES; attempt++) {
        const current = await characters.findOne({ _id: snapshot.id }, { projection: { version: 1 } });
        if (current && current.version >= version) break;
        if (!current) {
          try {
            await characters.insertOne(doc);
          } catch (error) {
            if (!isDuplicateKeyError(error)) throw error;
            continue; // another writer created it first: compare versions again
          }
        } else {
          await characters.replaceOne({ _id: snapshot.id, version: current.version }, doc);
        }
        wrote = true;
      }
      // A deletion that raced with this write wins: the copy goes again.
      if (wrote && (await isDeleted(snapshot.id))) {
        await characters.deleteOne({ _id: snapshot.id });
        return 'deleted';
      }
      return wrote ? 'stored' : 'stale';
    },

    async markDeleted(id) {
      try {
        await deletedCharacters.insertOne({ _id: id, deletedAt: new Date() });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      await characters.deleteOne({ _id: id });
    },

    isDeleted,
  };
}
