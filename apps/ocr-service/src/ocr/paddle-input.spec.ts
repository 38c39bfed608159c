import { describe, expect, it } from '@jest/globals';
import { imageToInput, paddleModelBase, useFastPaddleInput } from './paddle-input.js';

/** The library's own method (before the replacement) or ours (after). */
async function libraryMethod(): Promise<typeof imageToInput> {
  const base = await paddleModelBase();
  if (!base) throw new Error('@gutenye/ocr-common has no models/ModelBase.js');
  return base.prototype.imageToInput as typeof imageToInput;
}

/** A small RGBA image whose every channel differs. */
function image(width: number, height: number) {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 2) * 11) % 256;
  return { data, width, height };
}

describe('imageToInput (PaddleOCR model input)', () => {
  it('gives the values the library computes', async () => {
    // Not replaced yet: each test file has its own modules, and this test runs first.
    const original = await libraryMethod();
    expect(original).not.toBe(imageToInput);
    const img = image(7, 5);
    for (const norm of [{}, { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] }]) {
      const theirs = Float32Array.from(original.call({}, img, norm).data);
      expect(imageToInput(img, norm)).toEqual({ data: theirs, width: 7, height: 5 });
    }
  });

  it('puts the planes in B, G, R order', () => {
    const pixel = { data: [255, 0, 51, 255], width: 1, height: 1 };
    expect(Array.from(imageToInput(pixel).data)).toEqual([0.2, 0, 1].map(Math.fround));
  });

  it("replaces the library's method for its models", async () => {
    expect(await useFastPaddleInput()).toBe(true);
    expect(await libraryMethod()).toBe(imageToInput);
  });
});
