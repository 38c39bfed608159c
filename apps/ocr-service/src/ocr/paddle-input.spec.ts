import { describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { imageToInput, useFastPaddleInput } from './paddle-input.js';

type ToInput = typeof imageToInput;

/** The library's ModelBase, loaded the way useFastPaddleInput finds it. */
async function modelBase(): Promise<{ prototype: { imageToInput: ToInput } }> {
  const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-common');
  const file = pathToFileURL(entry.replace(/index\.js$/, 'models/ModelBase.js')).href;
  return ((await import(file)) as { ModelBase: { prototype: { imageToInput: ToInput } } })
    .ModelBase;
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
    const original = (await modelBase()).prototype.imageToInput;
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
    expect((await modelBase()).prototype.imageToInput).toBe(imageToInput);
  });
});
