import { crc32 } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { declaredPixels, HEADER_BYTES } from './image-header.js';

/** A 1-pixel PNG whose header claims width × height (the pixel bomb of the issue). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('declaredPixels', () => {
  it('reads a PNG bomb header without decoding it', async () => {
    expect(declaredPixels(await pngClaiming(30_000, 30_000), 'png')).toBe(900_000_000);
  });

  it('reads JPEG and WebP sizes from the first bytes only', async () => {
    const image = sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#888' } });
    const jpeg = await image.clone().jpeg().toBuffer();
    const webp = await image.clone().webp().toBuffer();
    expect(declaredPixels(jpeg.subarray(0, 1024), 'jpeg')).toBe(1200 * 1600);
    expect(declaredPixels(webp.subarray(0, 64), 'webp')).toBe(1200 * 1600);
  });

  it('finds a JPEG size behind a large EXIF block', async () => {
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#888' },
    })
      .withExif({ IFD0: { ImageDescription: 'x'.repeat(60_000) } })
      .jpeg()
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(60_000);
    expect(declaredPixels(jpeg.subarray(0, HEADER_BYTES), 'jpeg')).toBe(480_000);
  });

  it('says nothing for a PDF or a header it cannot read', () => {
    expect(declaredPixels(Buffer.from('%PDF-1.7\n'), 'pdf')).toBeNull();
    expect(declaredPixels(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'jpeg')).toBeNull();
  });

  it('says nothing when the JPEG frame header lies past the bytes it was given', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const filler = Buffer.alloc(4 + 60_000, 0x20);
    filler.writeUInt16BE(0xffe1, 0);
    filler.writeUInt16BE(60_002, 2);
    const padded = Buffer.concat([jpeg.subarray(0, 2), filler, jpeg.subarray(2)]);
    expect(declaredPixels(padded.subarray(0, 30_000), 'jpeg')).toBeNull();
    expect(declaredPixels(padded, 'jpeg')).toBe(64);
  });
});
