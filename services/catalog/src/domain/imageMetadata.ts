import type { ImageKind } from './images';
import { JPEG_SEGMENTS_MAX, PICTURE_CHUNKS_MAX } from './pictureSize';
import { withoutPngChunks } from './pngText';

// An uploaded picture is served to everyone (ARCHITECTURE §8b), so what a camera or an editor wrote
// into it beside the pixels (EXIF with GPS, XMP, comments, times) is removed before it is stored.
// Byte-level and dependency-free: the pixels and colour profiles are kept as they are.

/** Thrown for bytes that claim a kind but do not hold its structure. */
export class UnreadableImage extends Error {}

/** PNG chunks that carry metadata, never pixels (text, EXIF, modification time). */
const PNG_METADATA_CHUNKS = ['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME'] as const;

/** JPEG markers: APPn is 0xE0 + n, COM is 0xFE, SOS 0xDA (the entropy-coded data follows). */
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP15 = 0xef;
const COM = 0xfe;
const SOS = 0xda;

/**
 * The JPEG without APP1–APP15 segments (EXIF, XMP, Photoshop IRB, …) except APP2 (the ICC colour
 * profile), and without COM comments. JFIF (APP0) and every coding segment stay; from the start of
 * scan on the bytes are copied unchanged.
 */
function stripJpeg(jpeg: Buffer): Buffer {
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let at = 2;
  // A bounded walk (README "Images"): 5 MB of 4-byte segments would be a million parts.
  for (let segments = 0; at < jpeg.length; segments++) {
    if (segments >= JPEG_SEGMENTS_MAX) throw new UnreadableImage(`more than ${JPEG_SEGMENTS_MAX} JPEG segments before the scan`);
    if (jpeg[at] !== 0xff) throw new UnreadableImage('JPEG segment does not start with a marker');
    let markerAt = at;
    while (jpeg[markerAt + 1] === 0xff) markerAt++; // fill bytes before a marker
    const marker = jpeg[markerAt + 1];
    if (marker === undefined) throw new UnreadableImage('JPEG ends inside a marker');
    // Markers without a length: TEM and RST0–7 (SOI/EOI do not occur before the scan).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(jpeg.subarray(at, markerAt + 2));
      at = markerAt + 2;
      continue;
    }
    if (marker === SOS || marker === 0xd9) {
      parts.push(jpeg.subarray(at));
      return Buffer.concat(parts);
    }
    if (markerAt + 4 > jpeg.length) throw new UnreadableImage('JPEG segment is truncated');
    const end = markerAt + 2 + jpeg.readUInt16BE(markerAt + 2);
    if (end > jpeg.length) throw new UnreadableImage('JPEG segment runs past the end of the file');
    const metadata = (marker > APP0 && marker <= APP15 && marker !== APP2) || marker === COM;
    if (!metadata) parts.push(jpeg.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}

/** RIFF chunks of a WebP that carry metadata. */
const WEBP_METADATA_CHUNKS = new Set(['EXIF', 'XMP ']);
/** VP8X flag bits: EXIF present (0x08), XMP present (0x04). */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

/** The WebP without EXIF and XMP chunks, its VP8X flags and RIFF size set to match. */
function stripWebp(webp: Buffer): Buffer {
  if (webp.length < 12) throw new UnreadableImage('WebP is truncated');
  const parts: Buffer[] = [];
  let at = 12;
  for (let chunks = 0; at + 8 <= webp.length; chunks++) {
    if (chunks >= PICTURE_CHUNKS_MAX) throw new UnreadableImage(`more than ${PICTURE_CHUNKS_MAX} WebP chunks`);
    const type = webp.toString('latin1', at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2); // chunks are padded to an even size
    if (at + 8 + size > webp.length) throw new UnreadableImage('WebP chunk runs past the end of the file');
    if (!WEBP_METADATA_CHUNKS.has(type)) {
      const chunk = Buffer.from(webp.subarray(at, Math.min(end, webp.length)));
      if (type === 'VP8X' && size >= 1) chunk[8] = (chunk[8] ?? 0) & ~VP8X_METADATA_FLAGS;
      parts.push(chunk);
    }
    at = end;
  }
  // Bytes too few to be a chunk (padding some writers leave) stay as they were.
  if (at < webp.length) parts.push(webp.subarray(at));
  const body = Buffer.concat(parts);
  const header = Buffer.from(webp.subarray(0, 12));
  header.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([header, body]);
}

/** The image without its metadata (GIF carries none worth removing and is kept as it is). */
export function stripImageMetadata(bytes: Buffer, kind: ImageKind): Buffer {
  if (kind === 'jpg') return stripJpeg(bytes);
  if (kind === 'png') return withoutPngChunks(bytes, PNG_METADATA_CHUNKS);
  if (kind === 'webp') return stripWebp(bytes);
  return bytes;
}
