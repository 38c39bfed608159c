import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { preprocessImage } from '../preprocess/preprocess-image.js';
import { toStoredImage } from './image-boxes.js';

const BLOCK = { x: 300, y: 400, width: 240, height: 120 };
/** Where the ink is: the last stripe ends 6 px above the block's bottom. */
const INK = { ...BLOCK, height: BLOCK.height - 6 };

/** A white page with dark stripes (lines of "text") filling BLOCK. */
async function page(orientation?: number): Promise<Buffer> {
  const stripes = Array.from({ length: BLOCK.height / 12 }, (_, i) => ({
    input: { create: { width: BLOCK.width, height: 6, channels: 3 as const, background: '#111' } },
    left: BLOCK.x,
    top: BLOCK.y + i * 12,
  }));
  let image = sharp({
    create: { width: 1200, height: 1600, channels: 3, background: '#ffffff' },
  }).composite(stripes);
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg({ quality: 95 }).toBuffer();
}

/** The bounding box of the dark pixels of an image. */
async function darkBox(image: Buffer) {
  const { data, info } = await sharp(image).grayscale().raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] < 100) {
        left = Math.min(left, x);
        top = Math.min(top, y);
        right = Math.max(right, x + 1);
        bottom = Math.max(bottom, y + 1);
      }
    }
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function expectNear(
  actual: { x: number; y: number; width: number; height: number } | null,
  expected: typeof INK,
  tolerance: number,
) {
  expect(actual).not.toBeNull();
  const a = actual!;
  expect(Math.abs(a.x - expected.x)).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(a.y - expected.y)).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(a.x + a.width - (expected.x + expected.width))).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(a.y + a.height - (expected.y + expected.height))).toBeLessThanOrEqual(tolerance);
}

describe('toStoredImage', () => {
  it.each([0, 90, 180, 270] as const)(
    'maps a box read on the image turned %i° and shrunk back onto the stored image',
    async (rotate) => {
      const prepared = await preprocessImage(await page(), {
        maxSide: 600,
        cropToReceipt: false,
        rotate: rotate === 0 ? undefined : rotate,
      });
      const seen = await darkBox(prepared.image);
      expectNear(toStoredImage(seen, prepared.transform), INK, 4);
    },
  );

  it.each([0, 90] as const)('undoes the receipt crop too (turned %i°)', async (rotate) => {
    const prepared = await preprocessImage(await page(), {
      maxSide: 600,
      rotate: rotate === 0 ? undefined : rotate,
    });
    expect(prepared.crop).not.toBeNull();
    const seen = await darkBox(prepared.image);
    expectNear(toStoredImage(seen, prepared.transform), INK, 4);
  });

  it('answers in the coordinates of the EXIF-oriented image, as a browser shows it', async () => {
    // Orientation 6: the stored pixels are shown turned 90° clockwise.
    const stored = await sharp(await page())
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const prepared = await preprocessImage(stored, { maxSide: 600, cropToReceipt: false });
    expect(prepared.original).toEqual({ width: 1200, height: 1600 });
    const seen = await darkBox(prepared.image);
    expectNear(toStoredImage(seen, prepared.transform), INK, 4);
  });

  it('clamps a box to the image and drops one that lies outside it', () => {
    const transform = {
      original: { width: 100, height: 200 },
      crop: null,
      deskew: 0,
      warp: null,
      rotate: 0 as const,
      scale: 1,
      size: { width: 100, height: 200 },
    };
    expect(toStoredImage({ x: 90, y: 190, width: 30, height: 30 }, transform)).toEqual({
      x: 90,
      y: 190,
      width: 10,
      height: 10,
    });
    expect(toStoredImage({ x: 150, y: 10, width: 30, height: 30 }, transform)).toBeNull();
  });
});
