import { randomBytes } from 'node:crypto';
import { collectionOf } from '@lakorn/service-kit';
import type { CatalogModels } from './models';

export interface LoggedChange {
  id: string;
  at: Date;
  instance: string;
  change: Record<string, unknown>;
}

/** The discover changes other catalog instances read (domain/discoverSync.ts). */
export interface ChangeLog {
  append(instance: string, change: Record<string, unknown>, at: Date): Promise<void>;
  /** Changes logged at or after `since`, oldest first. */
  since(since: Date): Promise<LoggedChange[]>;
  prune(before: Date): Promise<void>;
}

export function createChangeLog(models: CatalogModels): ChangeLog {
  const discoverChanges = collectionOf(models.discoverChanges);
  let sequence = 0;
  return {
    async append(instance, change, at) {
      sequence = (sequence + 1) % 1_000_000;
      const id = `${at.getTime().toString(36)}-${instance}-${sequence}-${randomBytes(2).toString('hex')}`;
      await discoverChanges.insertOne({ _id: id, at, instance, change });
    },
    async since(since) {
      const docs = await discoverChanges.find({ at: { $gte: since } }).toArray();
      return docs
        .map((doc) => ({ id: doc._id, at: doc.at, instance: doc.instance, change: doc.change }))
        .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
    },
    async prune(before) {
      await discoverChanges.deleteMany({ at: { $lt: before } });
    },
  };
}
