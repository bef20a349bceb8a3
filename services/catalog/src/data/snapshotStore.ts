import { collectionOf } from '@lakorn/service-kit';
import type { CatalogModels, DiscoverSnapshotDoc } from './models';

const CURRENT = 'current';
const blockId = (snapshot: string, n: number) => `${snapshot}:${n}`;

/** The persisted discover index (domain/discoverSnapshot.ts). Every read is by `_id`. */
export interface SnapshotStore {
  current(): Promise<DiscoverSnapshotDoc | null>;
  /** A block's bytes, or null when it is gone (a newer snapshot replaced it twice meanwhile). */
  block(snapshot: string, n: number): Promise<Buffer | null>;
  /** Writes the blocks, then names the snapshot current, then removes the blocks of the one before the previous. */
  write(snapshot: string, blocks: Buffer[], characters: number, coveredUntil: Date): Promise<void>;
}

export function createSnapshotStore(models: CatalogModels): SnapshotStore {
  const manifests = collectionOf(models.discoverSnapshots);
  const blocks = collectionOf(models.discoverSnapshotBlocks);
  return {
    async current() {
      return manifests.findOne({ _id: CURRENT });
    },
    async block(snapshot, n) {
      const doc = await blocks.findOne({ _id: blockId(snapshot, n) });
      if (!doc) return null;
      // The driver hands binary data back as a BSON Binary.
      const data = doc.data as unknown as Buffer | { buffer: Uint8Array };
      return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer);
    },
    async write(snapshot, data, characters, coveredUntil) {
      for (let n = 0; n < data.length; n++) await blocks.insertOne({ _id: blockId(snapshot, n), data: data[n] as Buffer });
      const before = await manifests.findOne({ _id: CURRENT });
      await manifests.replaceOne(
        { _id: CURRENT },
        { snapshot, blocks: data.length, characters, coveredUntil, previous: before ? { snapshot: before.snapshot, blocks: before.blocks } : null },
        { upsert: true },
      );
      // The previous snapshot stays readable for a start that is reading it right now.
      const stale = before?.previous;
      if (stale && stale.snapshot !== snapshot) {
        // One by one: FerretDB answers `_id` equality from an index, not `$in`.
        for (let n = 0; n < stale.blocks; n++) await blocks.deleteOne({ _id: blockId(stale.snapshot, n) });
      }
    },
  };
}
