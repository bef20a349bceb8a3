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

/** A JPEG frame header (SOF0): 8-bit samples, `height` × `width`, three components. */
export function sof0(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return sof;
}

/**
 * A JPEG-looking file of `size` bytes: the JFIF start the server checks (a 16-byte APP0), the
 * frame header that names its size (SOF0, `width` × `height`), a start of scan, then filler as
 * the scan's data.
 */
export function makeJpeg(size = 2048, width = 64, height = 48): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
  sof0(width, height).copy(bytes, 20);
  bytes[39] = 0xff;
  bytes[40] = 0xda;
  bytes[size - 2] = 0xff;
  bytes[size - 1] = 0xd9;
  return bytes;
}

/** A simple (lossy) WebP whose VP8 key frame header names `width` × `height`; the frame's data is filler. */
export function makeWebp(width = 64, height = 48): Buffer {
  const frame = Buffer.alloc(30);
  frame[0] = 0x10; // key frame, version 0, shown
  Buffer.from([0x9d, 0x01, 0x2a]).copy(frame, 3); // the key frame's start code
  frame.writeUInt16LE(width, 6);
  frame.writeUInt16LE(height, 8);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), riffChunk('VP8 ', frame)]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** An extended WebP (VP8X) whose canvas is `width` × `height` (an animation's size lives there). */
export function makeWideWebp(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), riffChunk('VP8X', vp8x), riffChunk('VP8 ', makeWebp(64, 48).subarray(20))]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A one-frame GIF: its logical screen is `width` × `height`, its frame `frameWidth` × `frameHeight` (a 1×1 pixel by default). */
export function makeGif(width = 1, height = 1, frameWidth = 1, frameHeight = 1): Buffer {
  const screen = Buffer.from([0, 0, 0, 0, 0x80, 0, 0]); // a global colour table of two colours
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  frame.writeUInt16LE(frameWidth, 5);
  frame.writeUInt16LE(frameHeight, 7);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]),
    frame,
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]), // LZW data of one pixel, the trailer
  ]);
}

/**
 * A black-and-white PNG of any size that stays small (1 bit a pixel, rows of zeros deflate to
 * almost nothing): a 16 000 × 16 000 picture, 256 megapixels, is about 30 KB.
 */
export function makeBlankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

const segment = (marker: number, data: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

/** EXIF as a camera writes it (TIFF header, then a GPS block), with a position in it. */
export const EXIF_WITH_GPS = Buffer.concat([Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'), Buffer.from('GPSLatitude 13.7563 N GPSLongitude 100.5018 E', 'latin1')]);
export const XMP_PACKET = Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="13,45.37N"/></x:xmpmeta>', 'latin1');

/**
 * A JPEG as a phone writes it: JFIF, EXIF with GPS (APP1), XMP (APP1), an ICC profile (APP2), a
 * comment, the scan.
 */
export function makeCameraJpeg(): { bytes: Buffer; icc: Buffer; scan: Buffer } {
  const icc = segment(0xe2, Buffer.from('ICC_PROFILE\0\x01\x01colour', 'latin1'));
  const scan = Buffer.concat([Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]), Buffer.alloc(64, 0x55), Buffer.from([0xff, 0xd9])]);
  const bytes = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, EXIF_WITH_GPS),
    segment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), XMP_PACKET])),
    icc,
    segment(0xfe, Buffer.from('shot at home', 'latin1')),
    segment(0xdb, Buffer.alloc(65, 1)),
    sof0(64, 48),
    scan,
  ]);
  return { bytes, icc, scan };
}

const riffChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};

/** An extended WebP (VP8X with the EXIF and XMP flags set) carrying both chunks. */
export function makeCameraWebp(): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04 | 0x10; // EXIF, XMP, alpha
  const body = Buffer.concat([
    Buffer.from('WEBP', 'latin1'),
    riffChunk('VP8X', vp8x),
    riffChunk('VP8 ', Buffer.alloc(21, 7)),
    riffChunk('EXIF', EXIF_WITH_GPS.subarray(6)),
    riffChunk('XMP ', XMP_PACKET),
  ]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A PNG with a comment, EXIF and a modification time beside its pixels. */
export function makeCameraPng(): Buffer {
  const png = makePng();
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    pngChunk('tEXt', Buffer.from('Comment\0shot at home', 'latin1')),
    pngChunk('eXIf', EXIF_WITH_GPS.subarray(6)),
    pngChunk('tIME', Buffer.from([0x07, 0xe8, 1, 2, 3, 4, 5])),
    png.subarray(iend),
  ]);
}
