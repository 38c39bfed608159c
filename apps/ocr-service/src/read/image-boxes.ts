import type { ImageBox } from '@snaptrack/contracts';
import type { LineBox } from '../extraction/text-lines.js';
import type { PreprocessedImage } from '../preprocess/preprocess-image.js';

/** How the image the engine read was made from the stored one (preprocess-image.ts). */
export interface ImageGeometry {
  /** The image the engine read. */
  read: { width: number; height: number };
  /** The stored image after its EXIF orientation. */
  original: { width: number; height: number };
  /** The part of `original` that was kept; null when nothing was cropped. */
  crop: PreprocessedImage['crop'];
  /** The clockwise turn applied after the crop. */
  rotate: 0 | 90 | 180 | 270;
}

/** The geometry of a preprocessed image read with `rotate`. */
export function geometryOf(prepared: PreprocessedImage, rotate: 0 | 90 | 180 | 270): ImageGeometry {
  return {
    read: { width: prepared.width, height: prepared.height },
    original: prepared.original,
    crop: prepared.crop,
    rotate,
  };
}

/**
 * A box on the image the engine read, mapped back to the stored image (as a browser shows it,
 * after EXIF orientation): undo the resize, the turn and the crop, in that order. Whole pixels,
 * clamped to the image; null when nothing of it is left.
 */
export function toStoredImage(box: LineBox, geometry: ImageGeometry): ImageBox | null {
  const { crop, original, rotate } = geometry;
  const cut = crop ?? { left: 0, top: 0, width: original.width, height: original.height };
  // The turned crop's size: a quarter turn swaps the sides.
  const quarter = rotate === 90 || rotate === 270;
  const turnedWidth = quarter ? cut.height : cut.width;
  const scale = geometry.read.width / turnedWidth;
  const u = box.x / scale;
  const v = box.y / scale;
  const w = box.width / scale;
  const h = box.height / scale;
  // (u, v) on the turned crop back to (x, y) on the crop (W × H before the turn).
  let unturned: { x: number; y: number; width: number; height: number };
  switch (rotate) {
    case 0:
      unturned = { x: u, y: v, width: w, height: h };
      break;
    case 90:
      unturned = { x: v, y: cut.height - (u + w), width: h, height: w };
      break;
    case 180:
      unturned = { x: cut.width - (u + w), y: cut.height - (v + h), width: w, height: h };
      break;
    case 270:
      unturned = { x: cut.width - (v + h), y: u, width: h, height: w };
      break;
  }
  const left = Math.max(0, Math.floor(unturned.x + cut.left));
  const top = Math.max(0, Math.floor(unturned.y + cut.top));
  const right = Math.min(original.width, Math.ceil(unturned.x + unturned.width + cut.left));
  const bottom = Math.min(original.height, Math.ceil(unturned.y + unturned.height + cut.top));
  if (right <= left || bottom <= top) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}
