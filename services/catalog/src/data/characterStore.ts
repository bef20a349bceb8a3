import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { CatalogModels, CharacterDoc } from './models';

/** The long texts the discover index does without (personality stays: search reads it). */
const LONG_TEXTS = ['appearance', 'firstMessage', 'background', 'exampleMessages', 'cardExtras', 'alternateGreetings', 'creatorNotesMultilingual', 'lorebook'] as const;
export type CharacterListingDoc = Omit<CharacterDoc, (typeof LONG_TEXTS)[number]>;

export interface CharacterStore {
  insert(doc: CharacterDoc): Promise<void>;
  get(id: string): Promise<CharacterDoc | null>;
  /** Replaces the stored character; false when it no longer exists. */
  replace(doc: CharacterDoc): Promise<boolean>;
  remove(id: string): Promise<void>;
  /** Ids of one member's characters, read from the database (not the index). */
  idsOfUser(userId: string): Promise<string[]>;
  /** Every character without its long texts, for the discover index at start. */
  streamListings(onDoc: (doc: CharacterListingDoc) => void): Promise<number>;
  /** Inserts the claim of `version`; false when it was claimed before (see VersionClaimDoc). */
  claimVersion(characterId: string, version: number, at: Date): Promise<boolean>;
  /** When `version` was claimed, or null when no claim exists. */
  claimedAt(characterId: string, version: number): Promise<Date | null>;
  removeClaim(characterId: string, version: number): Promise<void>;
  removeClaims(characterId: string): Promise<void>;
}

const claimId = (characterId: string, version: number) => `${characterId}:${version}`;

export function createCharacterStore(models: CatalogModels): CharacterStore {
  const characters = collectionOf(models.characters);
  const versionClaims = collectionOf(models.versionClaims);
  return {
    async insert(doc) {
      await characters.insertOne(doc);
    },
    async get(id) {
      // Filtered by _id alone: the one filter FerretDB hands to SQLite (see models.ts).
      return characters.findOne({ _id: id });
    },
    async replace(doc) {
      const result = await characters.replaceOne({ _id: doc._id }, doc);
      return result.matchedCount === 1;
    },
    async remove(id) {
      await characters.deleteOne({ _id: id });
    },
    async idsOfUser(userId) {
      const docs = await characters.find({ userId }, { projection: { _id: 1 } }).toArray();
      return docs.map((doc) => doc._id);
    },
    async streamListings(onDoc) {
      let count = 0;
      const cursor = characters
        .find({}, { projection: Object.fromEntries(LONG_TEXTS.map((field) => [field, 0])) })
        .batchSize(1000);
      for await (const doc of cursor) {
        onDoc(doc);
        count += 1;
      }
      return count;
    },
    async claimVersion(characterId, version, at) {
      const claimed = await insertOnce(() =>
        versionClaims.insertOne({ _id: claimId(characterId, version), characterId, version, claimedAt: at }),
      );
      return claimed === 'inserted';
    },
    async claimedAt(characterId, version) {
      const claim = await versionClaims.findOne({ _id: claimId(characterId, version) });
      return claim?.claimedAt ?? null;
    },
    async removeClaim(characterId, version) {
      await versionClaims.deleteOne({ _id: claimId(characterId, version) });
    },
    async removeClaims(characterId) {
      await versionClaims.deleteMany({ characterId });
    },
  };
}
