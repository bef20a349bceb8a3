import { crc32, inflateSync } from 'node:zlib';

// PNG text chunks (PNG spec §11.3.4), enough to read and write character cards: other tools keep a
// card as base64 JSON in a tEXt chunk with the keyword `chara`. Reading accepts tEXt, zTXt and
// iTXt; writing makes a tEXt chunk and drops older chunks of the same keywords.

/**
 * A text chunk is inflated to at most this many bytes (a card's JSON is a few KB): a compressed
 * chunk of 1 MB can expand to gigabytes, which would hold the service and its memory for seconds.
 * Inflating stops at the cap, so the work per chunk is bounded (milliseconds).
 */
export const PNG_TEXT_MAX_BYTES = 1024 * 1024;

const inflateCapped = (bytes: Buffer) => inflateSync(bytes, { maxOutputLength: PNG_TEXT_MAX_BYTES });

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export class InvalidPngError extends Error {
  constructor(reason: string) {
    super(`Not a readable PNG: ${reason}`);
    this.name = 'InvalidPngError';
  }
}

interface Chunk {
  type: string;
  /** Offset of the chunk (its length field) in the file. */
  start: number;
  /** Offset just after its CRC. */
  end: number;
  data: Buffer;
}

export function isPng(bytes: Buffer): boolean {
  return bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

function chunksOf(png: Buffer): Chunk[] {
  if (!isPng(png)) throw new InvalidPngError('missing PNG signature');
  const chunks: Chunk[] = [];
  let at = PNG_SIGNATURE.length;
  while (at < png.length) {
    if (at + 12 > png.length) throw new InvalidPngError('truncated chunk');
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length) throw new InvalidPngError('chunk runs past the end of the file');
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== png.readUInt32BE(at + 8 + length)) {
      throw new InvalidPngError(`bad CRC in ${type} chunk`);
    }
    chunks.push({ type, start: at, end, data });
    at = end;
    if (type === 'IEND') break;
  }
  if (chunks[0]?.type !== 'IHDR') throw new InvalidPngError('first chunk is not IHDR');
  if (chunks[chunks.length - 1]?.type !== 'IEND') throw new InvalidPngError('no IEND chunk');
  return chunks;
}

function textOf(chunk: Chunk): { keyword: string; text: string } | null {
  const nul = chunk.data.indexOf(0);
  if (nul < 1) return null;
  const keyword = chunk.data.toString('latin1', 0, nul);
  const rest = chunk.data.subarray(nul + 1);
  try {
    if (chunk.type === 'tEXt') return { keyword, text: rest.toString('latin1') };
    if (chunk.type === 'zTXt') return { keyword, text: inflateCapped(rest.subarray(1)).toString('latin1') };
    if (chunk.type === 'iTXt') {
      const compressed = rest[0] === 1;
      const language = rest.indexOf(0, 2);
      const translated = language < 0 ? -1 : rest.indexOf(0, language + 1);
      if (translated < 0) return null;
      const body = rest.subarray(translated + 1);
      return { keyword, text: (compressed ? inflateCapped(body) : body).toString('utf8') };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new InvalidPngError(`the ${keyword} text inflates past ${PNG_TEXT_MAX_BYTES / 1024 / 1024} MB`);
    }
    return null; // an unreadable text chunk is not a card; the picture may still be fine
  }
  return null;
}

/** Every text chunk of the PNG, in file order. */
export function readPngTexts(png: Buffer): Array<{ keyword: string; text: string }> {
  return chunksOf(png)
    .filter((chunk) => chunk.type === 'tEXt' || chunk.type === 'zTXt' || chunk.type === 'iTXt')
    .map(textOf)
    .filter((entry): entry is { keyword: string; text: string } => entry !== null);
}

/** One chunk: length, type, data and the CRC over type and data (PNG spec §5.3). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * The PNG with one tEXt chunk `keyword` = `text` just before IEND, and without any earlier text
 * chunk whose keyword is in `replace` (the keyword itself is always replaced). `text` must be
 * Latin-1 (cards are base64).
 */
export function withPngText(png: Buffer, keyword: string, text: string, replace: string[] = []): Buffer {
  if (!/^[\x20-\x7e]{1,79}$/.test(keyword)) throw new TypeError('PNG keyword must be 1-79 printable Latin-1 characters');
  if (Array.from(text).some((c) => c.charCodeAt(0) > 0xff)) throw new TypeError('tEXt text must be Latin-1');
  const added = pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]));
  return rewrite(png, [keyword, ...replace], added);
}

/** The PNG without text chunks of these keywords (a stored picture must not carry a private card). */
export function withoutPngTexts(png: Buffer, keywords: string[]): Buffer {
  return rewrite(png, keywords, null);
}

/** The PNG without any chunk of these types (ancillary ones: metadata such as tEXt, eXIf, tIME). */
export function withoutPngChunks(png: Buffer, types: readonly string[]): Buffer {
  const parts: Buffer[] = [PNG_SIGNATURE];
  for (const c of chunksOf(png)) if (!types.includes(c.type)) parts.push(png.subarray(c.start, c.end));
  return Buffer.concat(parts);
}

/** The PNG without the text chunks of `dropped` keywords, with `beforeEnd` (if any) just before IEND. */
function rewrite(png: Buffer, dropped: string[], beforeEnd: Buffer | null): Buffer {
  const drop = new Set(dropped);
  const parts: Buffer[] = [PNG_SIGNATURE];
  for (const c of chunksOf(png)) {
    const isText = c.type === 'tEXt' || c.type === 'zTXt' || c.type === 'iTXt';
    if (isText && drop.has(c.data.toString('latin1', 0, Math.max(0, c.data.indexOf(0))))) continue;
    if (c.type === 'IEND' && beforeEnd) parts.push(beforeEnd);
    parts.push(png.subarray(c.start, c.end));
  }
  return Buffer.concat(parts);
}
