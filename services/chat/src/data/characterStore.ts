import { toCharacterSnapshot, type CharacterSnapshot } from '@lakorn/contracts';
import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { CharacterDoc, ChatModels } from './models';

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
   * A copy without its lorebook (fetched as a member the catalog does not show it to) gives way to
   * the same version with one (the character's event), so the prompt gets the lorebook.
   */
  putIfNewer(snapshot: CharacterSnapshot, version: number): Promise<'stored' | 'stale' | 'deleted'>;
  /** Records the deletion (so no late update revives it) and drops the copy. */
  markDeleted(id: string): Promise<void>;
  isDeleted(id: string): Promise<boolean>;
}

const toStored = (doc: CharacterDoc): StoredCharacter => ({ snapshot: toCharacterSnapshot(doc), version: doc.version });

const MAX_WRITES = 20;

export function createCharacterStore(models: ChatModels): CharacterStore {
  const characters = collectionOf(models.characters);
  const deletedCharacters = collectionOf(models.deletedCharacters);
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
      // Each character by equality on _id, side by side: FerretDB pushes no `$in` down, so that
      // form reads every character (ARCHITECTURE §2), and a member's chat list names at most a
      // page of characters.
      const docs = (await Promise.all(unique.map((id) => characters.findOne({ _id: id })))).filter((d) => d !== null);
      for (const doc of docs) found.set(doc._id, toStored(doc));
      return found;
    },

    async putIfNewer(snapshot, version) {
      if (await isDeleted(snapshot.id)) return 'deleted';
      const { id, ...fields } = snapshot;
      const doc: CharacterDoc = { ...fields, _id: id, version, storedAt: new Date() };
      let wrote = false;
      for (let attempt = 0; attempt < MAX_WRITES; attempt++) {
        const current = await characters.findOne({ _id: id }, { projection: { version: 1, lorebook: 1 } });
        const completes = current !== null && current.version === version && current.lorebook == null && snapshot.lorebook !== undefined;
        if (current && current.version >= version && !completes) break;
        if (!current) {
          // Another writer created it first: compare versions again.
          if ((await insertOnce(() => characters.insertOne(doc))) === 'exists') continue;
        } else {
          await characters.replaceOne({ _id: id, version: current.version }, doc);
        }
        wrote = true;
      }
      // A deletion that raced with this write wins: the copy goes again.
      if (wrote && (await isDeleted(id))) {
        await characters.deleteOne({ _id: id });
        return 'deleted';
      }
      return wrote ? 'stored' : 'stale';
    },

    async markDeleted(id) {
      await insertOnce(() => deletedCharacters.insertOne({ _id: id, deletedAt: new Date() }));
      await characters.deleteOne({ _id: id });
    },

    isDeleted,
  };
}
