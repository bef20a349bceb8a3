import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { CatalogModels } from './models';

export interface LikeStore {
  /** Records the like; false when this user liked this character before (the unique _id refused it). */
  insert(characterId: string, userId: string, at: Date): Promise<boolean>;
  /** Every like, for the derived counts at start. */
  streamAll(onLike: (characterId: string, userId: string) => void): Promise<number>;
  removeForCharacter(characterId: string): Promise<void>;
  removeForUser(userId: string): Promise<void>;
}

export const likeId = (characterId: string, userId: string) => `${characterId}:${userId}`;

export function createLikeStore(models: CatalogModels): LikeStore {
  const likes = collectionOf(models.likes);
  return {
    async insert(characterId, userId, at) {
      const liked = await insertOnce(() => likes.insertOne({ _id: likeId(characterId, userId), characterId, userId, createdAt: at }));
      return liked === 'inserted';
    },
    async streamAll(onLike) {
      let count = 0;
      const cursor = likes.find({}, { projection: { characterId: 1, userId: 1 } }).batchSize(5000);
      for await (const like of cursor) {
        onLike(like.characterId, like.userId);
        count += 1;
      }
      return count;
    },
    async removeForCharacter(characterId) {
      await likes.deleteMany({ characterId });
    },
    async removeForUser(userId) {
      await likes.deleteMany({ userId });
    },
  };
}
