import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { renderReceipt } from '@snaptrack/testing';
import { textRunsSideways } from './text-orientation.js';

const receipt = {
  vendor: 'NORTHWIND HARDWARE',
  date: '2026-02-03',
  total: '118.40',
  items: [
    ['Hammer', '24.90'],
    ['Box of nails', '6.50'],
    ['Wood glue', '8.00'],
    ['Sandpaper pack', '12.00'],
  ] as [string, string][],
};

async function sideways(image: Buffer): Promise<boolean> {
  const { data, info } = await sharp(image)
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return textRunsSideways(data, info.width, info.height);
}

describe('textRunsSideways', () => {
  it.each([
    ['upright', {}, false],
    ['upside down', { rotate: 180 }, false],
    ['low contrast', { lowContrast: true }, false],
    ['on a whole page', { wholePage: true }, false],
    ['turned 90°', { rotate: 90 }, true],
    ['turned 270°', { rotate: 270 }, true],
    ['turned 270° in low contrast', { rotate: 270, lowContrast: true }, true],
  ] as const)('%s', async (_, options, expected) => {
    expect(await sideways(await renderReceipt(receipt, options))).toBe(expected);
  });

  it.each([
    ['upright', {}, false],
    ['turned 90°', { rotate: 90 }, true],
  ] as const)('%s on a dark table the crop kept a strip of', async (_, options, expected) => {
    const framed = await sharp(await renderReceipt(receipt, options))
      .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#5b3a1e' })
      .png()
      .toBuffer();
    expect(await sideways(framed)).toBe(expected);
  });

  it('says no for a blank page', () => {
    expect(textRunsSideways(new Uint8Array(100 * 100).fill(250), 100, 100)).toBe(false);
  });
});
