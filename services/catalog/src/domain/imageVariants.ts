import sharp from 'sharp';
import { PICTURE_LIMITS } from '@lakorn/contracts';

// Card-sized variants (README "Card-sized variants", beside ARCHITECTURE §8b): an upload is kept as sent (up to 5 MB, its metadata
// stripped), and a phone's card asks for it at the width it draws, as WebP.

/**
 * Decoding refuses pictures of more pixels than an upload may have (contracts PICTURE_LIMITS; a
 * "decompression bomb" fits in 5 MB): one stored before the limit is served as it was uploaded.
 */
const MAX_INPUT_PIXELS = PICTURE_LIMITS.maxPixels;
const WEBP_QUALITY = 78;

/**
 * The picture no wider than `width` (never enlarged; turned upright by its EXIF orientation, as a
 * browser shows the upload), as WebP; null when a variant would show something else (an animated
 * picture, whose variant would be its first frame) or the bytes do not decode.
 */
export async function webpAtWidth(bytes: Buffer, width: number): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { pages } = await image.metadata();
    if ((pages ?? 1) > 1) return null;
    return await image.rotate().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
  } catch {
    return null;
  }
}

/**
 * A phone's photo often stores its pixels sideways with an EXIF orientation that browsers follow.
 * The upload loses its EXIF (its metadata is stripped, ARCHITECTURE §8b), so such a picture is
 * turned upright here first, re-encoded in its own format; any other upload is null (kept
 * byte for byte).
 */
export async function uprightPicture(bytes: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { orientation, format, pages } = await image.metadata();
    if (!orientation || orientation === 1 || (pages ?? 1) > 1) return null;
    const turned = image.rotate();
    if (format === 'jpeg') return await turned.jpeg({ quality: 92 }).toBuffer();
    if (format === 'webp') return await turned.webp({ quality: 92 }).toBuffer();
    if (format === 'png') return await turned.png().toBuffer();
    return null;
  } catch {
    return null;
  }
}
