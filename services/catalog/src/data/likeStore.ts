import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '@lakorn/service-kit';
import { catalogCollections } from './models';

export interface LikeStore {
  /** Records the like; false when this user liked this character before (the unique _id refused it). */
  insert(characterId: string, userId: string, at: Date): Promise<boolean>;
  /** Every like, for the derived counts at start. */
  streamAll(onLike: (characterId: string, userId: string) => void): Promise<number>;
  removeForCharacter(characterId: string): Promise<void>;
  removeForUser(userId: string): Promise<void>;
}

export const likeId = (characterId: string, userId: string) => `${characterId}:${userId}`;

export function likeStore(connection: Connection): LikeStore {
  const { likes } = catalogCollections(connection);
  return {
    async insert(characterId, userId, at) {
      try {
        await likes.insertOne({ _id: likeId(characterId, userId), characterId, userId, createdAt: at });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
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
