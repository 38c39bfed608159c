import { unwarpPoint, type PerspectiveWarp } from './perspective.js';
import type { Box } from './receipt-crop.js';

/**
 * How the image an engine read was made from the upload, step by step, so a position found by
 * OCR (a line's box) can be mapped back onto the stored image: this is the one place that knows.
 *
 * The steps, in the order preprocessing applies them:
 * 1. EXIF orientation: `original` is the upload as a viewer shows it (turned upright by its EXIF
 *    tag); every coordinate below is in that frame.
 * 2. `crop`: the receipt's region of `original` (null: the whole image).
 * 3. `deskew`: the region turned by this many degrees (positive = clockwise) about its centre, on
 *    a canvas grown to hold all of it (sharp's `rotate(angle)`); or `warp`: the paper's
 *    quadrilateral in the region (a photo taken at an angle) straightened to a rectangle, its
 *    homography mapping the rectangle's points back into the region (then `deskew` is 0).
 * 4. `rotate`: a quarter turn clockwise (90, 180, 270) for a photo taken sideways or upside down.
 * 5. `scale`: resized by this factor (≤ 1 shrinks) to `size`, the image the engine read.
 */
export interface ImageTransform {
  original: { width: number; height: number };
  crop: Box | null;
  deskew: number;
  warp: PerspectiveWarp | null;
  rotate: 0 | 90 | 180 | 270;
  scale: number;
  size: { width: number; height: number };
}

export interface Point {
  x: number;
  y: number;
}

/** The size of a w × h image turned by `degrees` on a canvas that holds it whole. */
export function rotatedSize(
  size: { width: number; height: number },
  degrees: number,
): { width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return {
    width: Math.round(size.width * cos + size.height * sin),
    height: Math.round(size.width * sin + size.height * cos),
  };
}

/** A point of the image the engine read, in `original` coordinates (may fall just outside). */
export function toOriginalPoint(point: Point, t: ImageTransform): Point {
  const region = t.crop ?? { left: 0, top: 0, ...t.original };
  const deskewed = t.warp ?? rotatedSize(region, t.deskew);
  // 5. undo the resize.
  let x = point.x / t.scale;
  let y = point.y / t.scale;
  // 4. undo the quarter turn: back into the deskewed canvas.
  const { width: w, height: h } = deskewed;
  switch (t.rotate) {
    case 90:
      [x, y] = [y, h - x];
      break;
    case 180:
      [x, y] = [w - x, h - y];
      break;
    case 270:
      [x, y] = [w - y, x];
      break;
    case 0:
      break;
  }
  // 3. undo the warp (back into the region's quadrilateral) or the deskew (turn back by the same
  // angle about the centres).
  if (t.warp) {
    ({ x, y } = unwarpPoint({ x, y }, t.warp));
  } else if (t.deskew !== 0) {
    const radians = (-t.deskew * Math.PI) / 180;
    const dx = x - deskewed.width / 2;
    const dy = y - deskewed.height / 2;
    x = dx * Math.cos(radians) - dy * Math.sin(radians) + region.width / 2;
    y = dx * Math.sin(radians) + dy * Math.cos(radians) + region.height / 2;
  }
  // 2. undo the crop.
  return { x: x + region.left, y: y + region.top };
}

/** A box of the image the engine read, as the box around its four corners in `original`. */
export function toOriginalBox(
  box: { x: number; y: number; width: number; height: number },
  t: ImageTransform,
): { x: number; y: number; width: number; height: number } {
  const corners = [
    { x: box.x, y: box.y },
    { x: box.x + box.width, y: box.y },
    { x: box.x, y: box.y + box.height },
    { x: box.x + box.width, y: box.y + box.height },
  ].map((p) => toOriginalPoint(p, t));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x0 = Math.max(0, Math.min(...xs));
  const y0 = Math.max(0, Math.min(...ys));
  const x1 = Math.min(t.original.width, Math.max(...xs));
  const y1 = Math.min(t.original.height, Math.max(...ys));
  return {
    x: Math.round(x0),
    y: Math.round(y0),
    width: Math.max(0, Math.round(x1 - x0)),
    height: Math.max(0, Math.round(y1 - y0)),
  };
}
