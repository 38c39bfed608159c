import { describe, expect, it } from '@jest/globals';
import { estimateSkew, findContentBox, scaleBox } from './receipt-crop.js';

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

describe('findContentBox on a scan with a dark border', () => {
  it('finds the receipt inside the frame a scanner draws around the page', () => {
    const gray = page(700, 1000, { x: 100, y: 600, w: 200, h: 300 });
    // A 10 px dark frame along every edge, as the edge of the scanner lid prints.
    for (let y = 0; y < 1000; y++) {
      for (let x = 0; x < 700; x++) {
        if (x < 10 || y < 10 || x >= 690 || y >= 990) gray[y * 700 + x] = 60;
      }
    }
    const box = findContentBox(gray, 700, 1000)!;
    expect(box).not.toBeNull();
    expect(box.left).toBeLessThanOrEqual(100);
    expect(box.top).toBeLessThanOrEqual(600);
    expect(box.left + box.width).toBeGreaterThanOrEqual(300);
    expect(box.top + box.height).toBeGreaterThanOrEqual(898);
    expect(box.width * box.height).toBeLessThan(0.2 * 700 * 1000);
  });
});

describe('estimateSkew', () => {
  /** Text rows tilted by `degrees` (clockwise), on white. */
  function tilted(degrees: number, width = 600, height = 800) {
    const gray = new Uint8Array(width * height).fill(245);
    const tan = Math.tan((degrees * Math.PI) / 180);
    for (let row = 60; row < height - 60; row += 24) {
      for (let x = 50; x < width - 50; x++) {
        if (x % 9 === 0) continue;
        for (let t = 0; t < 8; t++) {
          const y = Math.round(row + t + (x - width / 2) * tan);
          if (y >= 0 && y < height) gray[y * width + x] = 25;
        }
      }
    }
    return gray;
  }
  const whole = { left: 0, top: 0, width: 600, height: 800 };

  it('measures the tilt of text lines, either way', () => {
    expect(estimateSkew(tilted(2), 600, whole)).toBeCloseTo(2, 0);
    expect(estimateSkew(tilted(-3.5), 600, whole)).toBeCloseTo(-3.5, 0);
  });

  it('says 0 for level text and for a blank page', () => {
    expect(estimateSkew(tilted(0), 600, whole)).toBe(0);
    expect(estimateSkew(new Uint8Array(600 * 800).fill(245), 600, whole)).toBe(0);
  });
});

describe('findContentBox on a photo with background', () => {
  it('takes the bright paper of a receipt lying on a dark table', () => {
    const width = 800;
    const height = 1000;
    const gray = new Uint8Array(width * height).fill(70);
    const paper = { x: 250, y: 150, w: 300, h: 700 };
    for (let y = paper.y; y < paper.y + paper.h; y++) {
      for (let x = paper.x; x < paper.x + paper.w; x++) {
        // Printed rows on the paper.
        const ink = (y - paper.y) % 20 < 6 && x > paper.x + 20 && x < paper.x + paper.w - 20;
        gray[y * width + x] = ink ? 40 : 235;
      }
    }
    const box = findContentBox(gray, width, height)!;
    expect(box).not.toBeNull();
    expect(box.left).toBeLessThanOrEqual(250);
    expect(box.left).toBeGreaterThan(220);
    expect(box.top).toBeLessThanOrEqual(150);
    expect(box.left + box.width).toBeGreaterThanOrEqual(550);
    expect(box.top + box.height).toBeGreaterThanOrEqual(850);
    expect(box.top + box.height).toBeLessThan(890);
  });

  it('leaves a dark photo without a paper alone', () => {
    const gray = new Uint8Array(400 * 400).map((_, i) => 60 + ((i * 7) % 40));
    expect(findContentBox(gray, 400, 400)).toBeNull();
  });
});
