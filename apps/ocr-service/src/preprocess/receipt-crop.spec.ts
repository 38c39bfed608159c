import { describe, expect, it } from '@jest/globals';
import { findContentBox, scaleBox } from './receipt-crop.js';

/** A white page with dark "text" rows inside the given rectangle. */
function page(
  width: number,
  height: number,
  text?: { x: number; y: number; w: number; h: number },
) {
  const gray = new Uint8Array(width * height).fill(245);
  if (text) {
    for (let y = text.y; y < text.y + text.h; y++) {
      if (y % 12 >= 7) continue; // 7 px of text, 5 px of line gap
      for (let x = text.x; x < text.x + text.w; x++) {
        if (x % 4 !== 3) gray[y * width + x] = 30;
      }
    }
  }
  return gray;
}

describe('findContentBox', () => {
  it('finds a receipt in the corner of a white page, with padding', () => {
    const gray = page(700, 1000, { x: 400, y: 100, w: 200, h: 500 });
    const box = findContentBox(gray, 700, 1000)!;
    expect(box.left).toBeLessThanOrEqual(400);
    expect(box.left).toBeGreaterThan(360);
    expect(box.top).toBeLessThanOrEqual(100);
    expect(box.left + box.width).toBeGreaterThanOrEqual(600);
    expect(box.top + box.height).toBeGreaterThanOrEqual(598);
    expect(box.width * box.height).toBeLessThan(0.3 * 700 * 1000);
  });

  it('ignores scanner specks far from the receipt', () => {
    const gray = page(700, 1000, { x: 400, y: 100, w: 200, h: 500 });
    for (const [x, y] of [
      [20, 20],
      [650, 950],
      [30, 900],
    ]) {
      for (let dy = 0; dy < 3; dy++)
        for (let dx = 0; dx < 3; dx++) gray[(y + dy) * 700 + x + dx] = 0;
    }
    const box = findContentBox(gray, 700, 1000)!;
    expect(box.left).toBeGreaterThan(300);
    expect(box.top + box.height).toBeLessThan(700);
  });

  it('does not crop a receipt that already fills the image', () => {
    const gray = page(400, 1000, { x: 20, y: 20, w: 360, h: 960 });
    expect(findContentBox(gray, 400, 1000)).toBeNull();
  });

  it('does not crop a dark background (a photo on a table) or a blank page', () => {
    expect(findContentBox(new Uint8Array(400 * 400).fill(60), 400, 400)).toBeNull();
    expect(findContentBox(page(400, 400), 400, 400)).toBeNull();
  });
});

describe('scaleBox', () => {
  it('maps a box to the full-size image and clamps it', () => {
    expect(
      scaleBox(
        { left: 10, top: 20, width: 50, height: 990 },
        { width: 100, height: 1000 },
        { width: 1000, height: 10000 },
      ),
    ).toEqual({ left: 100, top: 200, width: 500, height: 9800 });
  });
});
