import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { renderReceipt } from '@snaptrack/testing';
import { preprocessImage } from './preprocess-image.js';
import {
  ImageDecodeError,
  ImageTooLargeError,
  UnsupportedImageTypeError,
} from './preprocess.errors.js';

/** A white image with a black block; its receipt-like text sits at (x, y). */
async function image(
  width: number,
  height: number,
  options: { block?: { x: number; y: number; w: number; h: number }; orientation?: number } = {},
): Promise<Buffer> {
  const composite = [];
  if (options.block) {
    const { x, y, w, h } = options.block;
    // Striped block: "lines of text" rather than one solid rectangle.
    const stripes = await sharp({
      create: { width: w, height: h, channels: 3, background: '#ffffff' },
    })
      .composite(
        Array.from({ length: Math.floor(h / 12) }, (_, i) => ({
          input: { create: { width: w, height: 6, channels: 3, background: '#111111' } },
          left: 0,
          top: i * 12,
        })),
      )
      .png()
      .toBuffer();
    composite.push({ input: stripes, left: x, top: y });
  }
  let pipeline = sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).composite(
    composite,
  );
  if (options.orientation) pipeline = pipeline.withMetadata({ orientation: options.orientation });
  return pipeline.jpeg().toBuffer();
}

describe('preprocessImage', () => {
  it('shrinks the long side to 2048, in grayscale PNG', async () => {
    const out = await preprocessImage(
      await image(3000, 1500, { block: { x: 0, y: 0, w: 3000, h: 1500 } }),
    );
    expect(out).toMatchObject({ width: 2048, height: 1024, format: 'png', sourceType: 'jpeg' });
    const meta = await sharp(out.image).metadata();
    expect(meta.format).toBe('png');
    expect(meta.channels).toBe(1);
  });

  it('reads a small receipt at twice its size, and says so in its transform', async () => {
    const small = await image(300, 600, { block: { x: 0, y: 0, w: 300, h: 600 } });
    const out = await preprocessImage(small);
    expect([out.width, out.height]).toEqual([600, 1200]);
    expect(out.transform.scale).toBe(2);
    // At 1200 px and above, or when asked not to, the size stays.
    const enough = await image(650, 1300, { block: { x: 0, y: 0, w: 650, h: 1300 } });
    const kept = await preprocessImage(enough);
    expect([kept.width, kept.height]).toEqual([650, 1300]);
    const asked = await preprocessImage(small, { minSide: 0 });
    expect([asked.width, asked.height]).toEqual([300, 600]);
  });

  it('applies the EXIF orientation before anything else', async () => {
    // Stored landscape, tagged "rotate 90° clockwise to display": the output is portrait.
    const out = await preprocessImage(
      await image(800, 400, { block: { x: 0, y: 0, w: 800, h: 400 }, orientation: 6 }),
      { cropToReceipt: false, minSide: 0 },
    );
    expect([out.width, out.height]).toEqual([400, 800]);
    expect(out.original).toEqual({ width: 400, height: 800 });
  });

  it('crops a page scan to the receipt before resizing', async () => {
    const input = await image(2480, 3508, { block: { x: 1500, y: 300, w: 700, h: 2800 } });
    const out = await preprocessImage(input);
    expect(out.crop).not.toBeNull();
    expect(out.crop!.left).toBeLessThanOrEqual(1500);
    expect(out.crop!.left + out.crop!.width).toBeGreaterThanOrEqual(2200);
    expect(out.crop!.width).toBeLessThan(1200);
    // The receipt now fills the output height instead of about four fifths of it.
    expect(out.height).toBe(2048);
  });

  it('can output JPEG for a smaller IPC payload', async () => {
    const out = await preprocessImage(await image(200, 200), { format: 'jpeg' });
    expect((await sharp(out.image).metadata()).format).toBe('jpeg');
  });

  it('rejects an image above the pixel cap before decoding it', async () => {
    const input = await image(1000, 1000);
    await expect(preprocessImage(input, { maxInputPixels: 999_999 })).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
    await expect(preprocessImage(input, { maxInputPixels: 999_999 })).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      pixels: 1_000_000,
    });
  });

  it('rejects bytes that are no supported image', async () => {
    await expect(preprocessImage(Buffer.from('GIF89a....'))).rejects.toBeInstanceOf(
      UnsupportedImageTypeError,
    );
  });

  it('needs a configured decoder for PDF and HEIC, and uses it when given', async () => {
    const pdf = Buffer.from('%PDF-1.7\n');
    await expect(preprocessImage(pdf)).rejects.toMatchObject({
      code: 'UNSUPPORTED_IMAGE_TYPE',
      detectedType: 'pdf',
    });
    const rendered = await image(100, 140);
    const out = await preprocessImage(pdf, {
      decoders: { pdf: () => Promise.resolve(rendered) },
      minSide: 0,
    });
    expect(out).toMatchObject({ sourceType: 'pdf', width: 100, height: 140 });
  });

  it('reports a truncated file as a decode error', async () => {
    const input = await image(400, 400, { block: { x: 10, y: 10, w: 300, h: 300 } });
    await expect(preprocessImage(input.subarray(0, 200))).rejects.toBeInstanceOf(ImageDecodeError);
  });

  it('notices a receipt photographed sideways, also on a whole page, and turns it on request', async () => {
    const receipt = { vendor: 'NORTHWIND HARDWARE', date: '2026-02-03', total: '118.40' };
    const upright = await preprocessImage(await renderReceipt(receipt));
    expect(upright.sideways).toBe(false);
    for (const options of [{ rotate: 90 }, { rotate: 90, wholePage: true }] as const) {
      const turned = await renderReceipt(receipt, options);
      const out = await preprocessImage(turned);
      expect(out.sideways).toBe(true);
      const back = await preprocessImage(turned, { rotate: 270 });
      expect(back.sideways).toBe(false);
      expect([back.width, back.height]).toEqual([out.height, out.width]);
    }
  });
});
