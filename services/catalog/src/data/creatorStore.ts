import { collectionOf, putById } from '@lakorn/service-kit';
import type { CatalogModels } from './models';

export interface CreatorStore {
  upsert(userId: string, username: string, at: Date): Promise<void>;
  remove(userId: string): Promise<void>;
  streamAll(onCreator: (userId: string, username: string) => void): Promise<number>;
}

export function createCreatorStore(models: CatalogModels): CreatorStore {
  const creators = collectionOf(models.creators);
  return {
    async upsert(userId, username, at) {
      await putById(creators, { _id: userId, username, updatedAt: at });
    },
    async remove(userId) {
      await creators.deleteOne({ _id: userId });
    },
    async streamAll(onCreator) {
      let count = 0;
      for await (const creator of creators.find({}).batchSize(5000)) {
        onCreator(creator._id, creator.username);
        count += 1;
      }
      return count;
    },
  };
}
