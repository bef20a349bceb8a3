import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { CatalogModels } from './models';

/** Who chatted with which character on which Bangkok day (models.ts ActivityDoc). */
export interface ActivityStore {
  /** Records it; false when this (character, member, day) is stored already (the unique _id refused it). */
  insert(characterId: string, userId: string, day: string, at: Date): Promise<boolean>;
  /** Every activity of one day (yyyy-MM-dd), by equality on the indexed `day`. */
  ofDay(day: string, onActivity: (characterId: string, userId: string) => void): Promise<number>;
  removeForCharacter(characterId: string): Promise<void>;
  removeForUser(userId: string): Promise<void>;
}

export const activityId = (characterId: string, userId: string, day: string) => `${characterId}:${userId}:${day}`;

export function createActivityStore(models: CatalogModels): ActivityStore {
  const activity = collectionOf(models.activity);
  return {
    async insert(characterId, userId, day, at) {
      return (await insertOnce(() => activity.insertOne({ _id: activityId(characterId, userId, day), characterId, userId, day, at }))) === 'inserted';
    },
    async ofDay(day, onActivity) {
      let count = 0;
      const cursor = activity.find({ day }, { projection: { characterId: 1, userId: 1 } }).batchSize(5000);
      for await (const doc of cursor) {
        onActivity(doc.characterId, doc.userId);
        count += 1;
      }
      return count;
    },
    async removeForCharacter(characterId) {
      await activity.deleteMany({ characterId });
    },
    async removeForUser(userId) {
      await activity.deleteMany({ userId });
    },
  };
}
