import { Readable } from 'node:stream';
import sharp from 'sharp';
import { receiptImageForPdf } from './receipt-image.js';

function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#e8e4da' } });
}

const read = (image: Buffer) => receiptImageForPdf(Readable.from([image]));

describe('receiptImageForPdf', () => {
  it('embeds an upright print-size JPEG as it is', async () => {
    const jpeg = await photo(1000, 2000).jpeg({ quality: 85 }).toBuffer();
    expect((await read(jpeg)).equals(jpeg)).toBe(true);
  });

  it('scales a larger JPEG down to print size', async () => {
    const jpeg = await photo(1500, 3000).jpeg().toBuffer();
    const meta = await sharp(await read(jpeg)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1600]);
  });

  it('turns a JPEG upright by its EXIF orientation', async () => {
    const sideways = await photo(1200, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const meta = await sharp(await read(sideways)).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([600, 1200, 1]);
  });

  it('converts a PNG to JPEG', async () => {
    const png = await photo(400, 800).png().toBuffer();
    const meta = await sharp(await read(png)).metadata();
    expect(meta.format).toBe('jpeg');
  });
});
