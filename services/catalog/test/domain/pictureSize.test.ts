import sharp from 'sharp';
import { pictureFits, pictureSize } from '../../src/domain/pictureSize';
import { makeBlankPng, makeGif, makeJpeg, makePng, makeWebp, makeWideWebp } from '../support/images';

// README "Images": the size comes from the header alone; these agree with what a decoder reads.

describe('pictureSize, from the header', () => {
  it('reads what sharp reads for real pictures of every kind (lossy and lossless WebP, progressive JPEG)', async () => {
    const base = sharp({ create: { width: 123, height: 45, channels: 3, background: { r: 200, g: 10, b: 90 } } });
    const pictures: Array<[Buffer, 'png' | 'jpg' | 'webp' | 'gif']> = [
      [await base.clone().png().toBuffer(), 'png'],
      [await base.clone().jpeg().toBuffer(), 'jpg'],
      [await base.clone().jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer(), 'jpg'],
      [await base.clone().webp().toBuffer(), 'webp'],
      [await base.clone().webp({ lossless: true }).toBuffer(), 'webp'],
      [await base.clone().ensureAlpha().webp().toBuffer(), 'webp'],
      [await base.clone().gif().toBuffer(), 'gif'],
    ];
    for (const [bytes, kind] of pictures) {
      const { width, height } = await sharp(bytes).metadata();
      expect([kind, pictureSize(bytes, kind)]).toEqual([kind, { width, height }]);
    }
  });

  it('reads the test pictures the API tests upload', () => {
    expect(pictureSize(makePng(8, 6), 'png')).toEqual({ width: 8, height: 6 });
    expect(pictureSize(makeBlankPng(16_000, 16_000), 'png')).toEqual({ width: 16_000, height: 16_000 });
    expect(pictureSize(makeJpeg(2048, 9_000, 100), 'jpg')).toEqual({ width: 9_000, height: 100 });
    expect(pictureSize(makeWebp(100, 9_000), 'webp')).toEqual({ width: 100, height: 9_000 });
    expect(pictureSize(makeWideWebp(10_000, 6_000), 'webp')).toEqual({ width: 10_000, height: 6_000 });
    expect(pictureSize(makeGif(10, 10, 9_000, 9_000), 'gif')).toEqual({ width: 9_000, height: 9_000 });
  });

  it('names no size for a header that has none: a JPEG scan before any frame, a truncated PNG, a 0 × 0 GIF', () => {
    const noFrame = makeJpeg();
    noFrame.fill(0x20, 20, 39);
    noFrame[20] = 0xff;
    noFrame[21] = 0xda;
    expect(pictureSize(noFrame, 'jpg')).toBeNull();
    expect(pictureSize(makePng().subarray(0, 20), 'png')).toBeNull();
    expect(pictureSize(makeGif(0, 0, 0, 0), 'gif')).toBeNull();
    expect(pictureSize(Buffer.from('RIFF\0\0\0\0WEBPJUNK'), 'webp')).toBeNull();
  });

  it('fits at most 8 192 px a side and 50 megapixels', () => {
    expect(pictureFits({ width: 8_192, height: 6_103 })).toBe(true);
    expect(pictureFits({ width: 8_192, height: 6_104 })).toBe(false);
    expect(pictureFits({ width: 8_193, height: 1 })).toBe(false);
    expect(pictureFits({ width: 1, height: 8_193 })).toBe(false);
  });
});
