import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../src/domain/pngText';

/** A real RGB PNG of the given size (a diagonal gradient), for upload and card tests. */
export function makePng(width = 8, height = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = (x * 255) / Math.max(1, width - 1);
      rows[at + 1] = 80;
      rows[at + 2] = (y * 255) / Math.max(1, height - 1);
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG-looking file of `size` bytes: the JFIF start the server checks, then filler. */
export function makeJpeg(size = 2048): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
  bytes[size - 2] = 0xff;
  bytes[size - 1] = 0xd9;
  return bytes;
}

export function makeWebp(): Buffer {
  const bytes = Buffer.alloc(64);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(56, 4);
  bytes.write('WEBPVP8 ', 8, 'latin1');
  return bytes;
}

export function makeGif(): Buffer {
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32)]);
}
