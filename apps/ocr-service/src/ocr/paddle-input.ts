import { paddleLibraryClass } from './paddle-library.js';

/** An RGBA image as @gutenye/ocr-common hands it to its models. */
export interface RgbaImage {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

interface Normalisation {
  mean?: number[];
  std?: number[];
}

/**
 * The model input of an RGBA image: `(value / 255 - mean) / std` per channel, planes in B, G, R
 * order, as @gutenye/ocr-common's `ModelBase.imageToInput` computes it, in one typed array. The
 * library's own builds three growing arrays and spreads them into a fourth: about a quarter of a
 * receipt's OCR time in JavaScript (a 1600 × 1216 page is 5.8 million values).
 */
export function imageToInput(
  image: RgbaImage,
  { mean = [0, 0, 0], std = [1, 1, 1] }: Normalisation = {},
): { data: Float32Array; width: number; height: number } {
  const pixels = image.data.length >> 2;
  const data = new Float32Array(pixels * 3);
  for (let p = 0, i = 0; p < pixels; p++, i += 4) {
    data[p] = (image.data[i + 2] / 255 - mean[2]) / std[2];
    data[pixels + p] = (image.data[i + 1] / 255 - mean[1]) / std[1];
    data[2 * pixels + p] = (image.data[i] / 255 - mean[0]) / std[0];
  }
  return { data, width: image.width, height: image.height };
}

/** The library's model base class: the prototype whose `imageToInput` every model uses. */
export interface PaddleModelBase {
  prototype: { imageToInput?: unknown };
}

/** @gutenye/ocr-common's ModelBase, or null when a release has moved it. */
export function paddleModelBase(): Promise<PaddleModelBase | null> {
  return paddleLibraryClass<PaddleModelBase>('models/ModelBase', 'ModelBase');
}

/**
 * Puts {@link imageToInput} in place of the library's method for every model of this process.
 * Returns false, leaving the library as it is, when a release has moved or renamed it.
 */
export async function useFastPaddleInput(): Promise<boolean> {
  const base = await paddleModelBase();
  if (typeof base?.prototype.imageToInput !== 'function') return false;
  base.prototype.imageToInput = imageToInput;
  return true;
}
