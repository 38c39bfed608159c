import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { renderReceipt } from '@snaptrack/testing';
import {
  hammingDistance,
  imageHashes,
  receiptFingerprint,
  regionHashes,
  textHash,
} from './receipt-fingerprint.js';

const MAX_PIXELS = 50_000_000;

/**
 * The most bits apart a copy of the same photo may hash; the same figure as expenses-service's
 * IMAGE_HASH_MAX_DISTANCE (not imported: another service's code). A 10 % crop moves a
 * receipt's whole picture too far for its hash (docs/ocr.md, "Duplicate receipts"); the
 * region's hash (regionHashes) keeps it.
 */
const SAME = 10;

/** A photographed receipt, drawn: a white slip with lines of text on a darker table. */
function receiptPhoto(lines: string[], slip = { left: 120, width: 420 }): Promise<Buffer> {
  const rows = lines
    .map(
      (line, i) =>
        `<text x="${slip.left + 24}" y="${110 + i * 34}" font-family="DejaVu Sans" font-size="22" fill="#222">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="660" height="900">
    <rect width="660" height="900" fill="#6b5a48"/>
    <rect x="${slip.left}" y="60" width="${slip.width}" height="${80 + lines.length * 34}" fill="#f4f2ec"/>
    ${rows}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const BAKERY = [
  'CORNER BAKERY',
  '12 Harbour Street',
  '03/03/2026 09:41',
  '2 Croissant      5.00',
  '1 Latte          3.50',
  '1 Orange juice   4.00',
  'TOTAL EUR       12.50',
  'Card             12.50',
  'Thank you!',
];

const HARDWARE = [
  'BOLT &amp; NUT HARDWARE',
  'Invoice 55812',
  '2026-02-11',
  'Screws M4 x 100',
  'Drill bit set',
  'Tape',
  'Subtotal       41.20',
  'VAT 20%         8.24',
  'TOTAL          49.44',
  'Paid by cash',
  'Returns within 30 days',
  'www.boltandnut.example',
  'Have a nice day',
];

/** The smallest distance of any of `copy`'s four hashes to the original's upright one. */
async function distance(original: Buffer, copy: Buffer): Promise<number> {
  const [upright] = (await imageHashes(original, MAX_PIXELS))!;
  const turned = (await imageHashes(copy, MAX_PIXELS))!;
  return Math.min(...turned.map((hash) => hammingDistance(hash, upright)));
}

describe('imageHashes', () => {
  it('gives four 64-bit hashes: upright, then turned 90°, 180° and 270°', async () => {
    const hashes = (await imageHashes(await receiptPhoto(BAKERY), MAX_PIXELS))!;
    expect(hashes).toHaveLength(4);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(hashes).size).toBe(4);
  });

  it('matches the same photo re-encoded as a smaller, rougher JPEG', async () => {
    const original = await receiptPhoto(BAKERY);
    const copy = await sharp(original).resize({ width: 400 }).jpeg({ quality: 40 }).toBuffer();
    expect(await distance(original, copy)).toBeLessThanOrEqual(SAME);
  });

  it.each([90, 180, 270])('matches the same photo turned %i°', async (angle) => {
    const original = await receiptPhoto(BAKERY);
    const copy = await sharp(original).rotate(angle).webp({ quality: 80 }).toBuffer();
    expect(await distance(original, copy)).toBeLessThanOrEqual(SAME);
  });

  it('matches a copy stored sideways with an EXIF orientation', async () => {
    const original = await receiptPhoto(BAKERY);
    const sideways = await sharp(original)
      .rotate(270)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();
    const [upright] = (await imageHashes(original, MAX_PIXELS))!;
    const [shown] = (await imageHashes(sideways, MAX_PIXELS))!;
    expect(hammingDistance(shown, upright)).toBeLessThanOrEqual(SAME);
  });

  it('tells a different receipt apart, turned any way', async () => {
    const bakery = await receiptPhoto(BAKERY);
    const hardware = await receiptPhoto(HARDWARE, { left: 150, width: 380 });
    expect(await distance(bakery, hardware)).toBeGreaterThan(SAME);
  });

  it('gives no hash for a blank picture (every blank one would match every other)', async () => {
    const plain = await sharp({
      create: { width: 240, height: 320, channels: 3, background: { r: 30, g: 200, b: 90 } },
    })
      .png()
      .toBuffer();
    expect(await imageHashes(plain, MAX_PIXELS)).toBeNull();
  });

  it('gives no hash for a file that is not an image', async () => {
    expect(await imageHashes(Buffer.from('%PDF-1.7 not an image'), MAX_PIXELS)).toBeNull();
  });
});

/** The smallest distance of any of `copy`'s four region hashes to the original's upright one. */
async function regionDistance(original: Buffer, copy: Buffer): Promise<number> {
  const [upright] = (await regionHashes(original, MAX_PIXELS))!;
  const turned = (await regionHashes(copy, MAX_PIXELS))!;
  return Math.min(...turned.map((hash) => hammingDistance(hash, upright)));
}

/** `image` with a tenth of it cut away: 5 % off each side. */
async function cropTenPercent(image: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(image).metadata();
  const left = Math.round(width * 0.05);
  const top = Math.round(height * 0.05);
  return sharp(image)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const RENDERED = {
  vendor: 'CORNER BAKERY',
  date: '2026-03-03',
  total: '12.50',
  items: [
    ['Croissant', '5.00'],
    ['Latte', '3.50'],
    ['Orange juice', '4.00'],
  ] as [string, string][],
};

describe('regionHashes', () => {
  it('matches a rendered receipt cropped by a tenth, where the whole picture does not', async () => {
    const original = await renderReceipt(RENDERED);
    const cropped = await cropTenPercent(original);
    expect(await regionDistance(original, cropped)).toBeLessThanOrEqual(SAME);
    // What the region is for: the whole picture's hash moved past the threshold.
    expect(await distance(original, cropped)).toBeGreaterThan(SAME);
  });

  it('matches a rendered receipt re-encoded, and turned 90°', async () => {
    const original = await renderReceipt(RENDERED);
    const reencoded = await sharp(original).resize({ width: 480 }).jpeg({ quality: 45 }).toBuffer();
    expect(await regionDistance(original, reencoded)).toBeLessThanOrEqual(SAME);
    const turned = await sharp(original).rotate(90).jpeg({ quality: 80 }).toBuffer();
    expect(await regionDistance(original, turned)).toBeLessThanOrEqual(SAME);
  });

  it('matches a rendered receipt cropped by a tenth, turned 270° and re-encoded at once', async () => {
    const original = await renderReceipt(RENDERED);
    const copy = await sharp(await cropTenPercent(original))
      .rotate(270)
      .resize({ height: 560 })
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(await regionDistance(original, copy)).toBeLessThanOrEqual(SAME);
  });

  it('matches a photo of a receipt on a table cropped by a tenth', async () => {
    const original = await receiptPhoto(BAKERY);
    expect(await regionDistance(original, await cropTenPercent(original))).toBeLessThanOrEqual(
      SAME,
    );
  });

  it('tells a different receipt apart, turned any way', async () => {
    const bakery = await receiptPhoto(BAKERY);
    const hardware = await receiptPhoto(HARDWARE, { left: 150, width: 380 });
    expect(await regionDistance(bakery, hardware)).toBeGreaterThan(SAME);
  });

  it('gives no hash for a blank picture or a file that is not an image', async () => {
    const plain = await sharp({
      create: { width: 240, height: 320, channels: 3, background: { r: 250, g: 250, b: 250 } },
    })
      .png()
      .toBuffer();
    expect(await regionHashes(plain, MAX_PIXELS)).toBeNull();
    expect(await regionHashes(Buffer.from('%PDF-1.7 not an image'), MAX_PIXELS)).toBeNull();
  });
});

describe('textHash', () => {
  it('is the same for the same text with other spacing, case and punctuation', () => {
    expect(textHash('Corner Bakery\r\nTOTAL: 12.50 EUR\n')).toBe(
      textHash('> corner bakery  total 12,50 eur'),
    );
  });

  it('differs for another amount', () => {
    expect(textHash('Corner Bakery TOTAL 12.50')).not.toBe(textHash('Corner Bakery TOTAL 12.51'));
  });

  it('is null for a text with nothing in it', () => {
    expect(textHash(' \n -- \n')).toBeNull();
  });
});

describe('receiptFingerprint', () => {
  it('hashes a text receipt by its text and an image by its picture', async () => {
    expect(
      await receiptFingerprint(Buffer.from('Corner Bakery 12.50'), 'text/plain', null, MAX_PIXELS),
    ).toEqual({ text_hash: textHash('Corner Bakery 12.50') });
    const image = await receiptFingerprint(
      await receiptPhoto(BAKERY),
      'image/jpeg',
      'x',
      MAX_PIXELS,
    );
    expect(image?.image_hashes).toHaveLength(4);
    expect(image?.region_hashes).toHaveLength(4);
  });
});
