import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { toOriginalBox, toOriginalPoint, type ImageTransform } from './image-transform.js';
import { preprocessImage } from './preprocess-image.js';

const base: ImageTransform = {
  original: { width: 1000, height: 2000 },
  crop: null,
  deskew: 0,
  warp: null,
  rotate: 0,
  scale: 1,
  size: { width: 1000, height: 2000 },
};

describe('toOriginalPoint', () => {
  it('undoes a crop and a resize', () => {
    const t = { ...base, crop: { left: 100, top: 300, width: 400, height: 800 }, scale: 0.5 };
    expect(toOriginalPoint({ x: 0, y: 0 }, t)).toEqual({ x: 100, y: 300 });
    expect(toOriginalPoint({ x: 200, y: 400 }, t)).toEqual({ x: 500, y: 1100 });
  });

  it('undoes each quarter turn', () => {
    // A 1000 × 2000 image turned 90° clockwise is 2000 × 1000: its top-left was bottom-left.
    expect(toOriginalPoint({ x: 0, y: 0 }, { ...base, rotate: 90 })).toEqual({ x: 0, y: 2000 });
    expect(toOriginalPoint({ x: 0, y: 0 }, { ...base, rotate: 180 })).toEqual({
      x: 1000,
      y: 2000,
    });
    expect(toOriginalPoint({ x: 0, y: 0 }, { ...base, rotate: 270 })).toEqual({ x: 1000, y: 0 });
  });

  it('undoes a deskew about the centre', () => {
    const t = { ...base, deskew: 2 };
    const centre = toOriginalPoint({ x: 1000 / 2 + 35, y: 2000 / 2 + 17 }, t);
    // The canvas grew by the turn; its centre still maps to the image's centre.
    expect(centre.x).toBeGreaterThan(0);
    const grown = { width: 1000 * Math.cos(0.0349) + 2000 * Math.sin(0.0349) };
    const mid = toOriginalPoint(
      { x: grown.width / 2, y: (1000 * Math.sin(0.0349) + 2000 * Math.cos(0.0349)) / 2 },
      t,
    );
    expect(mid.x).toBeCloseTo(500, 0);
    expect(mid.y).toBeCloseTo(1000, 0);
  });
});

describe('the transform preprocessing reports', () => {
  it('maps a mark on a tilted receipt on a whole page back to where it is on the upload', async () => {
    // A "receipt" of text rows with one solid mark, turned 2.5° and laid on an A4 page at 300 dpi.
    const rows = Array.from({ length: 40 }, (_, i) => ({
      input: { create: { width: 560, height: 10, channels: 3 as const, background: '#222222' } },
      left: 40,
      top: 40 + i * 28,
    }));
    const receipt = await sharp({
      create: { width: 640, height: 1200, channels: 3, background: '#ffffff' },
    })
      .composite(rows)
      .png()
      .toBuffer();
    const turned = await sharp(receipt)
      .rotate(2.5, { background: '#ffffff' })
      .png()
      .toBuffer({ resolveWithObject: true });
    const mark = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#000000' },
    })
      .png()
      .toBuffer();
    const markAt = { x: 1400, y: 1700 };
    const scan = await sharp({
      create: { width: 2480, height: 3508, channels: 3, background: '#b4b4b0' },
    })
      .composite([
        { input: turned.data, left: 1000, top: 1200 },
        { input: mark, left: markAt.x - 20, top: markAt.y - 20 },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();

    const out = await preprocessImage(scan);
    expect(out.crop).not.toBeNull();
    expect(out.crop!.width).toBeLessThan(1000);
    expect(out.transform.deskew).toBeCloseTo(-2.5, 0);
    // Where the mark landed in the image the engine reads: the centre of its darkest square.
    const { data, info } = await sharp(out.image)
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    let best = { x: 0, y: 0, dark: -1 };
    for (let y = 0; y < info.height - 30; y += 2) {
      for (let x = 0; x < info.width - 30; x += 2) {
        let dark = 0;
        for (let dy = 0; dy < 30; dy += 3) {
          for (let dx = 0; dx < 30; dx += 3) dark += 255 - data[(y + dy) * info.width + x + dx];
        }
        if (dark > best.dark) best = { x: x + 15, y: y + 15, dark };
      }
    }
    const back = toOriginalPoint(best, out.transform);
    expect(Math.abs(back.x - markAt.x)).toBeLessThan(12);
    expect(Math.abs(back.y - markAt.y)).toBeLessThan(12);
    const box = toOriginalBox(
      { x: best.x - 20, y: best.y - 20, width: 40, height: 40 },
      out.transform,
    );
    expect(box.x).toBeLessThan(markAt.x);
    expect(box.x + box.width).toBeGreaterThan(markAt.x);
  });
});
