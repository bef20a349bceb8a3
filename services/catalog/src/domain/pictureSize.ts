import { PICTURE_LIMITS } from '@lakorn/contracts';
import type { ImageKind } from './images';

// A picture's width and height, read from its header (README "Images"): nothing is decoded, so a
// 16 000 × 16 000 picture of 30 KB costs the few bytes that name its size. Each reader walks at
// most a fixed number of segments and returns null for a header it cannot read (no browser could).

export interface PictureSize {
  width: number;
  height: number;
}

/** JPEG segments walked before the scan: a camera's photo has a dozen (EXIF, ICC, tables). */
export const JPEG_SEGMENTS_MAX = 1_024;

/** PNG or WebP chunks walked in one picture: a 5 MB PNG in 8 KB IDAT chunks has 640, an animation a few per frame. */
export const PICTURE_CHUNKS_MAX = 10_000;

/** Whether a picture of this size may be stored (contracts PICTURE_LIMITS). */
export function pictureFits({ width, height }: PictureSize): boolean {
  return width <= PICTURE_LIMITS.maxSide && height <= PICTURE_LIMITS.maxSide && width * height <= PICTURE_LIMITS.maxPixels;
}

/** The size the picture's header names, or null when it names none. */
export function pictureSize(bytes: Buffer, kind: ImageKind): PictureSize | null {
  const size = kind === 'png' ? pngSize(bytes) : kind === 'jpg' ? jpegSize(bytes) : kind === 'webp' ? webpSize(bytes) : gifSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** PNG: the IHDR chunk, always first (PNG spec §11.2.2). APNG frames must fit inside it. */
function pngSize(png: Buffer): PictureSize | null {
  if (png.length < 24 || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** JPEG: the frame header (SOF0–SOF15 but DHT, JPG and DAC; DHP for hierarchical files), before the first scan. */
function jpegSize(jpeg: Buffer): PictureSize | null {
  let at = 2;
  for (let segments = 0; segments < JPEG_SEGMENTS_MAX; segments++) {
    if (jpeg[at] !== 0xff) return null;
    while (jpeg[at + 1] === 0xff) at++; // fill bytes before a marker
    const marker = jpeg[at + 1];
    if (marker === undefined) return null;
    at += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length: TEM, RST0–7
    if (marker === 0xda || marker === 0xd9) return null; // a scan or the end before any frame
    if (at + 2 > jpeg.length) return null;
    const isFrame = (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xde;
    if (isFrame) {
      // Length, precision, then height and width; a height of 0 (set later by DNL) is not a size.
      if (at + 7 > jpeg.length) return null;
      return { width: jpeg.readUInt16BE(at + 5), height: jpeg.readUInt16BE(at + 3) };
    }
    at += jpeg.readUInt16BE(at);
  }
  return null;
}

/** WebP: the first chunk names the size: VP8X (the canvas, which every frame must fit), VP8 or VP8L. */
function webpSize(webp: Buffer): PictureSize | null {
  if (webp.length < 30) return null;
  const type = webp.toString('latin1', 12, 16);
  if (type === 'VP8X') return { width: webp.readUIntLE(24, 3) + 1, height: webp.readUIntLE(27, 3) + 1 };
  if (type === 'VP8 ') {
    // A key frame: its tag (bit 0 clear), the start code 9d 01 2a, then 14-bit width and height.
    if ((webp[20]! & 0x01) !== 0 || webp[23] !== 0x9d || webp[24] !== 0x01 || webp[25] !== 0x2a) return null;
    return { width: webp.readUInt16LE(26) & 0x3fff, height: webp.readUInt16LE(28) & 0x3fff };
  }
  if (type === 'VP8L') {
    if (webp[20] !== 0x2f) return null;
    const bits = webp.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * GIF: the logical screen, grown to every frame's extent (browsers draw a first frame larger than
 * its screen at the frame's size). A file that ends early keeps the frames read so far.
 */
function gifSize(gif: Buffer): PictureSize | null {
  if (gif.length < 13) return null;
  let width = gif.readUInt16LE(6);
  let height = gif.readUInt16LE(8);
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let at = 13 + colourTable(gif[10]!);
  const skipSubBlocks = () => {
    while (at < gif.length) {
      const size = gif[at]!;
      at += 1 + size;
      if (size === 0) return;
    }
  };
  while (at < gif.length) {
    const introducer = gif[at];
    if (introducer === 0x21) {
      at += 2; // the extension's label
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      if (at + 10 > gif.length) break;
      width = Math.max(width, gif.readUInt16LE(at + 1) + gif.readUInt16LE(at + 5));
      height = Math.max(height, gif.readUInt16LE(at + 3) + gif.readUInt16LE(at + 7));
      at += 10 + colourTable(gif[at + 9]!) + 1; // the descriptor, its colour table, the LZW code size
      skipSubBlocks();
    } else {
      break; // the trailer (0x3b), or bytes no decoder reads
    }
  }
  return { width, height };
}
