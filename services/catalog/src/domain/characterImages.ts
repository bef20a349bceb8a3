import { CHARACTER_IMAGE_PATH, type CardImportResult, type UploadResult } from '@lakorn/contracts';
import type { Actor } from '@lakorn/service-kit';
import type { ImageStore, StoredImage } from '../data/imageStore';
import { fromCard, parseCardJson } from './characterCard';
import type { Catalog } from './characters';
import { InvalidCard, NoCardInFile, NotAnImage } from './errors';
import { detectImageKind, IMAGE_CONTENT_TYPES, newImageFileName, type ImageKind } from './images';
import { InvalidPngError, readPngTexts, withoutPngTexts, withPngText } from './pngText';

// Character images (ARCHITECTURE §8b, spec §5) and the PNG side of character cards.

/** PNG text keywords that carry a character card (V2 `chara`, V3 `ccv3`). */
const CARD_KEYWORDS = ['chara', 'ccv3'];

export type CharacterImages = ReturnType<typeof createCharacterImages>;

export function createCharacterImages(deps: { store: ImageStore; catalog: Catalog }) {
  const { store, catalog } = deps;

  async function save(actor: Actor, bytes: Buffer, kind: ImageKind, characterId: string | null): Promise<string> {
    // A picture stored for everyone to fetch must not carry a (possibly private) card with it.
    const content = kind === 'png' ? withoutPngTexts(bytes, CARD_KEYWORDS) : bytes;
    const fileName = newImageFileName(kind);
    await store.save({ fileName, contentType: IMAGE_CONTENT_TYPES[kind], bytes: content, metadata: { userId: actor.id, characterId } });
    return `${CHARACTER_IMAGE_PATH}${fileName}`;
  }

  function cardText(png: Buffer): string | null {
    const texts = readPngTexts(png);
    const found = CARD_KEYWORDS.map((keyword) => texts.find((t) => t.keyword === keyword)).find(Boolean);
    if (!found) return null;
    return Buffer.from(found.text.trim(), 'base64').toString('utf8');
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
          const text = cardText(bytes);
          if (text === null) throw new NoCardInFile();
          json = parseCardJson(text);
        } else if (kind === null && /^\s*[{[]/.test(bytes.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, ''))) {
          json = parseCardJson(bytes.toString('utf8'));
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
