import { describe, expect, it } from '@jest/globals';
import { Image, getPerspectiveWarp } from 'image-js';
import sharp from 'sharp';
import { toOriginalPoint } from './image-transform.js';
import { needsWarp, quadArea, unwarpPoint, warpQuad, type Quad } from './perspective.js';
import { preprocessImage } from './preprocess-image.js';
import { findReceiptRegion } from './receipt-crop.js';

const PAPER = { width: 300, height: 600 };
/** Dark squares printed on the paper, in its own coordinates. */
const MARKS = [
  { x: 60, y: 80 },
  { x: 240, y: 300 },
  { x: 120, y: 520 },
];

/** A white sheet with three dark squares and rows of "text". */
function paper(): Uint8Array {
  const { width, height } = PAPER;
  const gray = new Uint8Array(width * height).fill(235);
  for (let y = 30; y < height - 30; y++) {
    if (y % 14 >= 6) continue;
    for (let x = 30; x < width - 30; x++) if (x % 5 !== 4) gray[y * width + x] = 60;
  }
  for (const m of MARKS) {
    for (let y = m.y - 12; y < m.y + 12; y++)
      gray.fill(0, y * width + m.x - 12, y * width + m.x + 12);
  }
  return gray;
}

/**
 * A photo of the sheet taken at an angle: the sheet drawn into `quad` of a dark 600 × 800 table
 * (the true homography, from image-js), so the test knows where every point of it went.
 */
function photo(quad: Quad): { gray: Uint8Array; width: number; height: number } {
  const width = 600;
  const height = 800;
  const sheet = new Image(PAPER.width, PAPER.height, { colorModel: 'GREY', data: paper() });
  // Maps the photo's points into the sheet: the inverse of placing it.
  const placed = getPerspectiveWarp(
    quad.map((p) => ({ column: p.x, row: p.y })),
    PAPER,
  );
  const onTable = sheet.transform(placed.matrix, { width, height, borderValue: 70 });
  return { gray: onTable.getRawImage().data as Uint8Array, width, height };
}

const TRAPEZOID: Quad = [
  { x: 180, y: 120 },
  { x: 430, y: 150 },
  { x: 480, y: 690 },
  { x: 110, y: 660 },
];

/** Each corner found within 4 px of the one drawn. */
function expectCorners(found: Quad | null, drawn: Quad) {
  expect(found).not.toBeNull();
  found!.forEach((corner, i) => {
    expect(Math.abs(corner.x - drawn[i].x)).toBeLessThan(4);
    expect(Math.abs(corner.y - drawn[i].y)).toBeLessThan(4);
  });
}

describe('perspective', () => {
  it('finds the corners of a sheet photographed at an angle', () => {
    const { gray, width, height } = photo(TRAPEZOID);
    const found = findReceiptRegion(gray, width, height)!;
    expectCorners(found.corners, TRAPEZOID);
    expect(needsWarp(found.corners!)).toBe(true);
  });

  it('finds the sheet when it fills most of the photo, the table showing only round it', () => {
    const close: Quad = [
      { x: 60, y: 30 },
      { x: 540, y: 50 },
      { x: 585, y: 780 },
      { x: 15, y: 770 },
    ];
    const { gray, width, height } = photo(close);
    // Mostly paper: the median is the paper's, so this is not found as "a darker background".
    expect([...gray].sort((a, b) => a - b)[gray.length >> 1]).toBeGreaterThanOrEqual(170);
    expectCorners(findReceiptRegion(gray, width, height)!.corners, close);
  });

  it('leaves a sheet lying square on the table to the crop and deskew', () => {
    const square: Quad = [
      { x: 150, y: 100 },
      { x: 450, y: 100 },
      { x: 450, y: 700 },
      { x: 150, y: 700 },
    ];
    const { gray, width, height } = photo(square);
    const found = findReceiptRegion(gray, width, height)!;
    expect(found.corners).not.toBeNull();
    expect(needsWarp(found.corners!)).toBe(false);
    expect(Math.abs(quadArea(found.corners!) / (300 * 600) - 1)).toBeLessThan(0.02);
  });

  it('straightens the trapezoid back to the sheet, each mark where it was printed', () => {
    const { gray, width, height } = photo(TRAPEZOID);
    const corners = findReceiptRegion(gray, width, height)!.corners!;
    const straight = warpQuad(gray, width, height, corners);
    // Upright and about the sheet's proportions (2:1; a photo cannot tell them exactly).
    expect(straight.height / straight.width).toBeGreaterThan(1.6);
    expect(straight.height / straight.width).toBeLessThan(2.4);
    for (const mark of MARKS) {
      const at = {
        x: Math.round((mark.x / PAPER.width) * straight.width),
        y: Math.round((mark.y / PAPER.height) * straight.height),
      };
      expect(straight.data[at.y * straight.width + at.x]).toBeLessThan(40);
      // ...and the warp's matrix sends it back to where the photo shows it.
      const inPhoto = unwarpPoint(at, straight);
      expect(gray[Math.round(inPhoto.y) * width + Math.round(inPhoto.x)]).toBeLessThan(40);
    }
  });

  // 300: the sheet straightened on a shrunk copy, as a phone photo larger than the engines read.
  it.each([undefined, 300])(
    'maps a mark the engine sees on a straightened photo back onto the upload (long side %s)',
    async (maxSide) => {
      const { gray, width, height } = photo(TRAPEZOID);
      const upload = await sharp(Buffer.from(gray), { raw: { width, height, channels: 1 } })
        .jpeg({ quality: 92 })
        .toBuffer();
      const out = await preprocessImage(upload, { maxSide });
      expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(maxSide ?? 2048);
      expect(out.transform.warp).not.toBeNull();
      expect(out.transform.deskew).toBe(0);
      const { data, info } = await sharp(out.image)
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The first mark, where the straightened sheet has it.
      const seen = {
        x: (MARKS[0].x / PAPER.width) * info.width,
        y: (MARKS[0].y / PAPER.height) * info.height,
      };
      expect(data[Math.round(seen.y) * info.width + Math.round(seen.x)]).toBeLessThan(60);
      // Where that mark is on the stored image: the true homography's image of the printed mark.
      const placed = getPerspectiveWarp(
        TRAPEZOID.map((p) => ({ column: p.x, row: p.y })),
        PAPER,
      );
      const truth = unwarpPoint(MARKS[0], placed);
      const back = toOriginalPoint(seen, out.transform);
      expect(Math.abs(back.x - truth.x)).toBeLessThan(6);
      expect(Math.abs(back.y - truth.y)).toBeLessThan(6);
    },
  );
});
