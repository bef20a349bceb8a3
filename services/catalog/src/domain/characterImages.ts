import { CHARACTER_IMAGE_PATH, QUOTAS, type CardImportResult, type UploadResult } from '@lakorn/contracts';
import { quotaDay, type Actor, type Logger, type QuotaSlots } from '@lakorn/service-kit';
import { variantFileName, type ImageStore, type StoredImage } from '../data/imageStore';
import { fromCard, parseCardJson } from './characterCard';
import type { Catalog } from './characters';
import { CardOverBudget, InvalidCard, NoCardInFile, NotAnImage, QuotaReached, TooManyPixels } from './errors';
import { stripImageMetadata, UnreadableImage } from './imageMetadata';
import { detectImageKind, IMAGE_CONTENT_TYPES, newImageFileName, type ImageKind } from './images';
import { uprightPicture, webpAtWidth } from './imageVariants';
import { pictureFits, pictureSize } from './pictureSize';
import { InvalidPngError, noPngReadWork, PngOverBudget, readPngText, withPngText, type PngReadWork } from './pngText';

// Character images (ARCHITECTURE §8b, spec §5) and the PNG side of character cards.

/** PNG text keywords that carry a character card: V3 `ccv3` first (the V3 spec: it wins over a V2 `chara` beside it). */
const CARD_KEYWORDS = ['ccv3', 'chara'];

/**
 * Upload bytes are counted in units of this size (rounded up), one quota slot each: 50 MB a day is
 * 200 slots, and a 5 MB picture takes 20 inserts.
 */
export const UPLOAD_QUOTA_UNIT = 256 * 1024;

export interface CharacterImagesDeps {
  store: ImageStore;
  catalog: Catalog;
  /** Today's upload bytes per member (contracts QUOTAS.uploadBytesPerDay), in UPLOAD_QUOTA_UNITs. */
  quotas: QuotaSlots;
  uploadBytesPerDay: number;
  logger: Logger;
  /** Told the work of every PNG card read (the service counts it in its metrics). */
  countPngRead?: (work: PngReadWork) => void;
  now?: () => Date;
}

export type CharacterImages = ReturnType<typeof createCharacterImages>;

export function createCharacterImages(deps: CharacterImagesDeps) {
  const { store, catalog } = deps;
  const now = deps.now ?? (() => new Date());
  /** Variants being made in this instance, by stored name: a grid of cards asking at once makes each once. */
  const making = new Map<string, Promise<StoredImage | null>>();

  /**
   * Makes and keeps the upload's variant at `width`. The smaller of the variant and the upload is
   * kept under the variant's name, so a small upload is not made again on every request. An upload
   * that has no variant (animated, or not decodable) is answered as it is.
   */
  async function makeVariant(fileName: string, width: number): Promise<StoredImage | null> {
    const original = await store.read(fileName);
    if (!original) return null;
    const webp = await webpAtWidth(original.bytes, width);
    if (!webp) return original;
    const smaller = webp.length < original.bytes.length;
    const variant: StoredImage = {
      fileName: variantFileName(fileName, width),
      contentType: smaller ? 'image/webp' : original.contentType,
      bytes: smaller ? webp : original.bytes,
      uploadedAt: original.uploadedAt,
    };
    const owner = await store.ownerOf(fileName);
    const metadata = { userId: owner?.userId ?? '', characterId: owner?.characterId ?? null, keep: owner?.keep === true, variantOf: fileName };
    await store.save({ fileName: variant.fileName, contentType: variant.contentType, bytes: variant.bytes, metadata });
    // The upload went while its variant was being made (its removal could not see the variant yet).
    if (!(await store.ownerOf(fileName)) && owner) {
      await store.remove(fileName);
      return null;
    }
    return variant;
  }

  /**
   * README "Images": the size the picture's header names (never decoded) within contracts
   * PICTURE_LIMITS; a header that names none is not a picture anyone could show.
   */
  function assertPictureFits(bytes: Buffer, kind: ImageKind): void {
    const size = pictureSize(bytes, kind);
    if (!size) throw new NotAnImage();
    if (!pictureFits(size)) throw new TooManyPixels();
  }

  async function save(actor: Actor, bytes: Buffer, kind: ImageKind, characterId: string | null): Promise<string> {
    assertPictureFits(bytes, kind);
    // A picture stored for everyone to fetch carries no metadata (EXIF with GPS, XMP, comments)
    // and no (possibly private) card: every text chunk of a PNG goes.
    let content: Buffer;
    try {
      content = stripImageMetadata((await uprightPicture(bytes)) ?? bytes, kind);
    } catch (error) {
      if (error instanceof UnreadableImage) throw new NotAnImage();
      throw error;
    }
    const fileName = newImageFileName(kind);
    const quota = `uploads:${actor.id}:${quotaDay(now())}`;
    const units = Math.max(1, Math.ceil(content.length / UPLOAD_QUOTA_UNIT));
    const limit = Math.floor(deps.uploadBytesPerDay / UPLOAD_QUOTA_UNIT);
    if (!(await deps.quotas.claim(quota, limit, fileName, { units }))) throw new QuotaReached('uploads');
    try {
      const metadata = { userId: actor.id, characterId, keep: actor.isAdmin };
      await store.save({ fileName, contentType: IMAGE_CONTENT_TYPES[kind], bytes: content, metadata });
    } catch (error) {
      await deps.quotas.release(fileName);
      throw error;
    }
    return `${CHARACTER_IMAGE_PATH}${fileName}`;
  }

  /** A PNG card's JSON bytes (its base64 text decoded), read within PNG_READ_BUDGET (README "Cards"). */
  async function cardJson(png: Buffer): Promise<Buffer | null> {
    const work = noPngReadWork();
    try {
      const found = await readPngText(png, CARD_KEYWORDS, work);
      return found && Buffer.from(found.text.trim(), 'base64');
    } catch (error) {
      if (error instanceof PngOverBudget) throw new CardOverBudget(error.message);
      throw error;
    } finally {
      deps.countPngRead?.(work);
    }
  }

  return {
    /** POST /api/upload/character-image: the bytes must be an image (spec §5), at most 5 MB (checked by the route). */
    async upload(actor: Actor, bytes: Buffer, characterId: string | null): Promise<UploadResult> {
      const kind = detectImageKind(bytes);
      if (!kind) throw new NotAnImage();
      if (characterId) await catalog.assertOwner(actor, characterId);
      try {
        return { url: await save(actor, bytes, kind, characterId) };
      } catch (error) {
        if (error instanceof InvalidPngError) throw new NotAnImage();
        throw error;
      }
    },

    read(fileName: string): Promise<StoredImage | null> {
      return store.read(fileName);
    },

    /** GET /character-images/{file}?w={width}: the upload's card-sized variant (made on first request). */
    async readAt(fileName: string, width: number): Promise<StoredImage | null> {
      const name = variantFileName(fileName, width);
      const kept = await store.read(name);
      if (kept) return kept;
      let made = making.get(name);
      if (!made) {
        made = makeVariant(fileName, width).finally(() => making.delete(name));
        making.set(name, made);
      }
      return made;
    },

    /**
     * Removes uploads older than QUOTAS.orphanUploadMaxAgeMs that no character shows (a wizard
     * left half way, a picture replaced), except admins' (news pictures); and forgets the upload
     * quota slots of days before yesterday. Returns how many images went.
     */
    async sweepOrphans(): Promise<number> {
      const at = now().getTime();
      const inUse = catalog.imagesInUse();
      let removed = 0;
      for (const file of await store.uploadedBefore(new Date(at - QUOTAS.orphanUploadMaxAgeMs))) {
        if (file.keep || inUse.has(file.fileName)) continue;
        await store.remove(file.fileName);
        removed += 1;
      }
      await deps.quotas.prune('uploads:', new Date(at - 2 * 24 * 3_600_000));
      if (removed > 0) deps.logger.info({ removed }, 'orphaned uploads removed');
      return removed;
    },

    /**
     * A card file (V2 JSON, or a PNG card) as a wizard draft; a PNG card's picture becomes the
     * draft's image.
     */
    async importCard(actor: Actor, bytes: Buffer): Promise<CardImportResult> {
      const kind = detectImageKind(bytes);
      let json: unknown;
      let picture: string | null = null;
      try {
        if (kind === 'png') {
          // Its picture is stored with the draft: a picture over the limits is refused before its card is read.
          assertPictureFits(bytes, kind);
          const text = await cardJson(bytes);
          if (text === null) throw new NoCardInFile();
          json = parseCardJson(text);
        } else if (kind === null && /^\s*[{[]/.test(bytes.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, ''))) {
          json = parseCardJson(bytes);
        } else {
          throw new NoCardInFile();
        }
        const imported = fromCard(json);
        if (kind === 'png') picture = await save(actor, bytes, 'png', null);
        return { ...imported, draft: { ...imported.draft, profileUrl: picture ?? '' } };
      } catch (error) {
        if (error instanceof InvalidPngError) throw new InvalidCard(error.message);
        throw error;
      }
    },

    /** One's own character as a PNG card: the given picture (PNG) with the card in a `chara` chunk. */
    async cardPng(actor: Actor, characterId: string, picture: Buffer): Promise<{ png: Buffer; name: string }> {
      if (detectImageKind(picture) !== 'png') throw new NotAnImage();
      assertPictureFits(picture, 'png');
      const { card, name } = await catalog.card(actor, characterId);
      const text = Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
      try {
        return { png: withPngText(picture, 'chara', text, CARD_KEYWORDS), name };
      } catch (error) {
        if (error instanceof InvalidPngError) throw new NotAnImage();
        throw error;
      }
    },
  };
}
