import { mongo } from 'mongoose';
import { IMAGE_WIDTHS } from '@lakorn/contracts';
import type { CatalogModels } from './models';

export interface StoredImage {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  uploadedAt: Date;
}

export interface ImageMetadata {
  /** Who uploaded it: their images go when their account does. */
  userId: string;
  /** The character it was uploaded for (edit mode), if any: it goes with the character. */
  characterId: string | null;
  /**
   * Kept even when no character shows it: an admin's upload (a news picture, which lives in
   * checkin's data, where the catalog cannot see it).
   */
  keep?: boolean;
  /**
   * Set on a card-sized variant (README "Card-sized variants"): the upload it was made from. Variants carry
   * their upload's owner and character, so they go with them; the orphan sweep never sees them,
   * and they go with their upload.
   */
  variantOf?: string;
}

/** The stored name of an upload's variant at `width`: never an upload's name (IMAGE_FILE_NAME has no '@'). */
export function variantFileName(fileName: string, width: number): string {
  return `${fileName}@w${width}`;
}

/** A stored file as the orphan sweep sees it. */
export interface UploadedFile {
  fileName: string;
  keep: boolean;
}

/** Character images in GridFS (ARCHITECTURE §8b), so any catalog instance can serve any image. */
export interface ImageStore {
  save(image: { fileName: string; contentType: string; bytes: Buffer; metadata: ImageMetadata }): Promise<void>;
  read(fileName: string): Promise<StoredImage | null>;
  /** Who uploaded a file (and whether it is kept), or null when there is no such file. */
  ownerOf(fileName: string): Promise<ImageMetadata | null>;
  /** Removes the upload and its variants; returns the file names removed. */
  remove(fileName: string): Promise<string[]>;
  /** Removes the images uploaded for the character; returns their file names. */
  removeForCharacter(characterId: string): Promise<string[]>;
  /** Removes every image the user uploaded; returns their file names. */
  removeForUser(userId: string): Promise<string[]>;
  /** Uploads (not variants) stored before `cutoff`. */
  uploadedBefore(cutoff: Date): Promise<UploadedFile[]>;
}

/** What save() writes into a GridFS file's metadata, read back as GridFS hands it (any document). */
function metadataOf(file: mongo.GridFSFile): { userId?: string; characterId: string | null; contentType?: string; keep: boolean; variantOf?: string } {
  const { userId, characterId, contentType, keep, variantOf } = file.metadata ?? {};
  return {
    ...(typeof variantOf === 'string' ? { variantOf } : {}),
    keep: keep === true,
    userId: typeof userId === 'string' ? userId : undefined,
    characterId: typeof characterId === 'string' ? characterId : null,
    contentType: typeof contentType === 'string' ? contentType : undefined,
  };
}

export function createImageStore(models: CatalogModels): ImageStore {
  const bucket = models.images;
  const owners = models.imageFiles.collection as unknown as mongo.Collection<{ _id: mongo.ObjectId; userId: string; characterId: string | null }>;

  function filesWhere(filter: mongo.Filter<mongo.GridFSFile>): Promise<mongo.GridFSFile[]> {
    return bucket.find(filter).toArray();
  }

  async function removeAll(files: mongo.GridFSFile[]): Promise<string[]> {
    for (const file of files) {
      await bucket.delete(file._id).catch((error: unknown) => {
        // Deleted meanwhile by another request: the outcome is the one wanted.
        if (!(error instanceof mongo.MongoRuntimeError) || !/not found/i.test(error.message)) throw error;
      });
    }
    return files.map((file) => file.filename);
  }

  return {
    async save({ fileName, contentType, bytes, metadata }) {
      const id = new mongo.ObjectId();
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(fileName, { id, metadata: { ...metadata, contentType } });
        upload.once('error', reject);
        upload.once('finish', () => resolve());
        upload.end(bytes);
      });
      // The owner at the top level too (models ImageFileOwnerDoc). An image stored before this, or
      // whose update was lost, is found by no owner query; the orphan sweep removes it once no
      // character shows it.
      await owners.updateOne({ _id: id }, { $set: { userId: metadata.userId, characterId: metadata.characterId } });
    },
    async read(fileName) {
      const [file] = await filesWhere({ filename: fileName });
      if (!file) return null;
      const parts: Buffer[] = [];
      try {
        for await (const part of bucket.openDownloadStream(file._id)) parts.push(part as Buffer);
      } catch (error) {
        // Its chunks went with a delete that raced this read.
        if (error instanceof mongo.MongoRuntimeError || (error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
      return {
        fileName,
        contentType: metadataOf(file).contentType ?? 'application/octet-stream',
        bytes: Buffer.concat(parts),
        uploadedAt: file.uploadDate,
      };
    },
    async ownerOf(fileName) {
      const [file] = await filesWhere({ filename: fileName });
      const metadata = file ? metadataOf(file) : null;
      if (!metadata?.userId) return null;
      return { userId: metadata.userId, characterId: metadata.characterId, keep: metadata.keep };
    },
    async remove(fileName) {
      // The upload and each width it may be served at, one equality read each: FerretDB pushes
      // equality down to an index, not `$in` (README "Index twins").
      const names = [fileName, ...IMAGE_WIDTHS.map((width) => variantFileName(fileName, width))];
      const files = await Promise.all(names.map((name) => filesWhere({ filename: name })));
      return removeAll(files.flat());
    },
    async removeForCharacter(characterId) {
      return removeAll(await filesWhere({ characterId }));
    },
    async removeForUser(userId) {
      return removeAll(await filesWhere({ userId }));
    },
    async uploadedBefore(cutoff) {
      return (await filesWhere({ uploadDate: { $lt: cutoff }, 'metadata.variantOf': { $exists: false } })).map((file) => ({
        fileName: file.filename,
        keep: metadataOf(file).keep,
      }));
    },
  };
}

/**
 * The store with the most recently read images kept in memory up to `budget` bytes (least
 * recently used out first), so a popular picture is read from GridFS once per instance. Removals
 * go through it, so a deleted image is never served from memory.
 */
export function cachedImageStore(store: ImageStore, budget: number): ImageStore {
  const entries = new Map<string, StoredImage>();
  let bytes = 0;
  const forget = (name: string) => {
    const old = entries.get(name);
    if (!old) return;
    entries.delete(name);
    bytes -= old.bytes.length;
  };
  const keep = (image: StoredImage) => {
    if (image.bytes.length > budget / 4) return;
    forget(image.fileName);
    entries.set(image.fileName, image);
    bytes += image.bytes.length;
    for (const [name, old] of entries) {
      if (bytes <= budget) break;
      entries.delete(name);
      bytes -= old.bytes.length;
    }
  };
  return {
    save: (image) => store.save(image),
    ownerOf: (fileName) => store.ownerOf(fileName),
    uploadedBefore: (cutoff) => store.uploadedBefore(cutoff),
    async read(fileName) {
      const cached = entries.get(fileName);
      if (cached) {
        entries.delete(fileName);
        entries.set(fileName, cached);
        return cached;
      }
      const image = await store.read(fileName);
      if (image) keep(image);
      return image;
    },
    async remove(fileName) {
      forget(fileName);
      const names = await store.remove(fileName);
      names.forEach(forget);
      return names;
    },
    async removeForCharacter(characterId) {
      const names = await store.removeForCharacter(characterId);
      names.forEach(forget);
      return names;
    },
    async removeForUser(userId) {
      const names = await store.removeForUser(userId);
      names.forEach(forget);
      return names;
    },
  };
}
