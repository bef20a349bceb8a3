import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { CatalogModels } from './models';

/** Which content of each starter cast member is stored (domain/starterCast/seed.ts). */
export interface StarterCastStore {
  /** Claims the writing of this content of the member; false when it was claimed before. */
  claim(slug: string, contentHash: string, characterId: string, at: Date): Promise<boolean>;
  /** Gives a claim back (its write failed), so the next start tries again. */
  release(slug: string, contentHash: string): Promise<void>;
}

const seedId = (slug: string, contentHash: string) => `${slug}:${contentHash}`;

export function createStarterCastStore(models: CatalogModels): StarterCastStore {
  const seeds = collectionOf(models.starterCastSeeds);
  return {
    async claim(slug, contentHash, characterId, at) {
      return (await insertOnce(() => seeds.insertOne({ _id: seedId(slug, contentHash), characterId, seededAt: at }))) === 'inserted';
    },
    async release(slug, contentHash) {
      await seeds.deleteOne({ _id: seedId(slug, contentHash) });
    },
  };
}
