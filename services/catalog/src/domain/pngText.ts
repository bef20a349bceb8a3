import { crc32, createInflate } from 'node:zlib';
import { PICTURE_CHUNKS_MAX } from './pictureSize';

// PNG text chunks (PNG spec §11.3.4), enough to read and write character cards: other tools keep a
// card as base64 JSON in a tEXt chunk with the keyword `chara` (V3: `ccv3`). Reading accepts tEXt,
// zTXt and iTXt; writing makes a tEXt chunk and drops older chunks of the same keywords.

/**
 * What reading one PNG's card may cost, however the file is made (README "Cards"). A chunk's
 * keyword is read first (it comes before the NUL, never compressed), so only the wanted keywords
 * are ever inflated; past any of these the file is refused.
 */
export const PNG_READ_BUDGET = {
  /** Chunks of any kind walked. */
  chunks: PICTURE_CHUNKS_MAX,
  /** Text chunks (tEXt, zTXt, iTXt) whose keyword is read: a card is one or two beside a few notes. */
  textChunks: 64,
  /** Bytes one text may hold once inflated: a card's JSON is a few KB, a full lorebook under 1 MB. */
  textBytes: 1024 * 1024,
  /** Bytes inflated from one file, all its texts together. */
  inflatedBytes: 2 * 1024 * 1024,
} as const;

export type PngReadBudget = { readonly [K in keyof typeof PNG_READ_BUDGET]: number };

/** The work one read did (the catalog counts it: README "Cards"). */
export interface PngReadWork {
  chunksWalked: number;
  textChunks: number;
  textsInflated: number;
  bytesInflated: number;
}

export const noPngReadWork = (): PngReadWork => ({ chunksWalked: 0, textChunks: 0, textsInflated: 0, bytesInflated: 0 });

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export class InvalidPngError extends Error {
  constructor(reason: string) {
    super(`Not a readable PNG: ${reason}`);
    this.name = 'InvalidPngError';
  }
}

/** A PNG whose reading would pass PNG_READ_BUDGET. */
export class PngOverBudget extends InvalidPngError {
  constructor(reason: string) {
    super(`over the reading budget: ${reason}`);
    this.name = 'PngOverBudget';
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

const isText = (chunk: Chunk) => chunk.type === 'tEXt' || chunk.type === 'zTXt' || chunk.type === 'iTXt';

/** The chunks in file order, each checked (length, CRC), IHDR first, at most `maxChunks` of them. */
function* walkChunks(png: Buffer, maxChunks: number): Generator<Chunk> {
  if (!isPng(png)) throw new InvalidPngError('missing PNG signature');
  let at = PNG_SIGNATURE.length;
  let walked = 0;
  let ended = false;
  while (at < png.length && !ended) {
    if (++walked > maxChunks) throw new PngOverBudget(`more than ${maxChunks} chunks`);
    if (at + 12 > png.length) throw new InvalidPngError('truncated chunk');
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length) throw new InvalidPngError('chunk runs past the end of the file');
    const type = png.toString('latin1', at + 4, at + 8);
    if (walked === 1 && type !== 'IHDR') throw new InvalidPngError('first chunk is not IHDR');
    const data = png.subarray(at + 8, at + 8 + length);
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== png.readUInt32BE(at + 8 + length)) {
      throw new InvalidPngError(`bad CRC in ${type} chunk`);
    }
    yield { type, start: at, end, data };
    at = end;
    ended = type === 'IEND';
  }
  if (!ended) throw new InvalidPngError('no IEND chunk');
}

function chunksOf(png: Buffer): Chunk[] {
  return [...walkChunks(png, PNG_READ_BUDGET.chunks)];
}

/** A text chunk's keyword: 1–79 Latin-1 bytes before the first NUL (never compressed). */
function keywordOf(chunk: Chunk): string | null {
  const nul = chunk.data.subarray(0, 80).indexOf(0);
  return nul < 1 ? null : chunk.data.toString('latin1', 0, nul);
}

type Inflated = { bytes: Buffer } | 'unreadable' | 'over';

/**
 * zlib data inflated to at most `limit` bytes, off the event loop (zlib's thread pool), stopping
 * as soon as the output passes the limit; every byte inflated is counted in `work`.
 */
function inflateWithin(input: Buffer, limit: number, work: PngReadWork): Promise<Inflated> {
  return new Promise((resolve) => {
    const inflater = createInflate();
    const parts: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: Inflated) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    inflater.on('data', (part: Buffer) => {
      if (settled) return;
      size += part.length;
      work.bytesInflated += part.length;
      if (size > limit) {
        settle('over');
        inflater.destroy();
        return;
      }
      parts.push(part);
    });
    inflater.on('end', () => settle({ bytes: Buffer.concat(parts, size) }));
    inflater.on('error', () => settle('unreadable'));
    work.textsInflated += 1;
    inflater.end(input);
  });
}

/** A text chunk's text (keyword known), inflated within what is left of the budget; null when unreadable. */
async function textOf(chunk: Chunk, keyword: string, budget: PngReadBudget, work: PngReadWork): Promise<string | null> {
  const rest = chunk.data.subarray(keyword.length + 1);
  let encoding: BufferEncoding = 'latin1';
  let body: Buffer;
  let compressed: boolean;
  if (chunk.type === 'tEXt') {
    body = rest;
    compressed = false;
  } else if (chunk.type === 'zTXt') {
    if (rest[0] !== 0) return null; // compression method 0 (zlib) is the only one
    body = rest.subarray(1);
    compressed = true;
  } else {
    // iTXt: compression flag, method, language tag NUL, translated keyword NUL, UTF-8 text.
    const language = rest.indexOf(0, 2);
    const translated = language < 0 ? -1 : rest.indexOf(0, language + 1);
    if (translated < 0) return null;
    body = rest.subarray(translated + 1);
    compressed = rest[0] === 1;
    encoding = 'utf8';
  }
  const limit = Math.min(budget.textBytes, budget.inflatedBytes - work.bytesInflated);
  const over = () => new PngOverBudget(`the ${keyword} text holds more than ${limit} bytes`);
  if (!compressed) {
    if (body.length > budget.textBytes) throw over();
    return body.toString(encoding);
  }
  const inflated = await inflateWithin(body, limit, work);
  if (inflated === 'over') throw over();
  // An unreadable text chunk is not a card; the picture may still be fine.
  return inflated === 'unreadable' ? null : inflated.bytes.toString(encoding);
}

/**
 * The text of the first keyword in `keywords` (in that order of preference) that the PNG carries
 * readably: each text chunk's keyword is read without inflating it, and only the first chunk of
 * each wanted keyword is ever inflated, within `budget`. What was done is added to `work`, also
 * when the read throws (InvalidPngError; PngOverBudget past the budget).
 */
export async function readPngText(
  png: Buffer,
  keywords: readonly string[],
  work: PngReadWork = noPngReadWork(),
  budget: PngReadBudget = PNG_READ_BUDGET,
): Promise<{ keyword: string; text: string } | null> {
  const done = noPngReadWork(); // this file's work, which the budget bounds
  try {
    const first = new Map<string, Chunk>();
    for (const chunk of walkChunks(png, budget.chunks)) {
      done.chunksWalked += 1;
      if (!isText(chunk)) continue;
      if (++done.textChunks > budget.textChunks) throw new PngOverBudget(`more than ${budget.textChunks} text chunks`);
      const keyword = keywordOf(chunk);
      if (keyword !== null && keywords.includes(keyword) && !first.has(keyword)) first.set(keyword, chunk);
    }
    for (const keyword of keywords) {
      const chunk = first.get(keyword);
      const text = chunk ? await textOf(chunk, keyword, budget, done) : null;
      if (text !== null) return { keyword, text };
    }
    return null;
  } finally {
    for (const key of Object.keys(done) as Array<keyof PngReadWork>) work[key] += done[key];
  }
}

/** The keywords of the PNG's text chunks, in file order (nothing inflated). */
export function pngTextKeywords(png: Buffer): string[] {
  return chunksOf(png)
    .filter(isText)
    .map(keywordOf)
    .filter((keyword): keyword is string => keyword !== null);
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
    if (isText(c) && drop.has(keywordOf(c) ?? '')) continue;
    if (c.type === 'IEND' && beforeEnd) parts.push(beforeEnd);
    parts.push(png.subarray(c.start, c.end));
  }
  return Buffer.concat(parts);
}
