import { Image, getPerspectiveWarp } from 'image-js';
import type { Point } from './image-transform.js';

/** A paper's four corners: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/**
 * A perspective warp: the quadrilateral of a region straightened to a `width` × `height`
 * rectangle. `matrix` (3 × 3, a homography) maps a point of that rectangle back into the region.
 */
export interface PerspectiveWarp {
  matrix: number[][];
  width: number;
  height: number;
}

/** Corners further than this from a right angle make a trapezoid worth straightening. */
const MIN_CORNER_SKEW_DEGREES = 3;
/** A rectangle turned further than the deskew's reach (8°) is straightened by the warp too. */
const MAX_DESKEW_DEGREES = 8;

/**
 * The corners of a bright region given as a mask: the member pixels with the smallest and largest
 * x + y (top-left, bottom-right) and x − y (bottom-left, top-right). Right for a sheet turned by
 * less than 45°, which a photo of a receipt is once EXIF has turned it upright.
 */
export function quadCorners(
  member: (x: number, y: number) => boolean,
  box: { left: number; top: number; width: number; height: number },
): Quad | null {
  let found = false;
  const best = {
    tl: { x: 0, y: 0, v: Infinity },
    br: { x: 0, y: 0, v: -Infinity },
    tr: { x: 0, y: 0, v: -Infinity },
    bl: { x: 0, y: 0, v: Infinity },
  };
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) {
      if (!member(x, y)) continue;
      found = true;
      const sum = x + y;
      const diff = x - y;
      if (sum < best.tl.v) best.tl = { x, y, v: sum };
      if (sum > best.br.v) best.br = { x, y, v: sum };
      if (diff > best.tr.v) best.tr = { x, y, v: diff };
      if (diff < best.bl.v) best.bl = { x, y, v: diff };
    }
  }
  if (!found) return null;
  // Pixel centres to pixel edges: the corner pixel's outer corner.
  return [
    { x: best.tl.x, y: best.tl.y },
    { x: best.tr.x + 1, y: best.tr.y },
    { x: best.br.x + 1, y: best.br.y + 1 },
    { x: best.bl.x, y: best.bl.y + 1 },
  ];
}

/** The area enclosed by a quadrilateral (shoelace formula). */
export function quadArea(quad: Quad): number {
  let twice = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i];
    const b = quad[(i + 1) % 4];
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

function cornerSkewDegrees(quad: Quad): number {
  let worst = 0;
  for (let i = 0; i < 4; i++) {
    const prev = quad[(i + 3) % 4];
    const at = quad[i];
    const next = quad[(i + 1) % 4];
    const a = Math.atan2(prev.y - at.y, prev.x - at.x);
    const b = Math.atan2(next.y - at.y, next.x - at.x);
    let angle = Math.abs(((b - a) * 180) / Math.PI) % 360;
    if (angle > 180) angle = 360 - angle;
    worst = Math.max(worst, Math.abs(angle - 90));
  }
  return worst;
}

/**
 * Whether the paper should be straightened by a warp: its corners are clearly not right angles
 * (a photo taken at an angle), or its top edge is turned further than the deskew reaches. A
 * rectangle within the deskew's reach keeps the cheaper path (crop and deskew).
 */
export function needsWarp(quad: Quad): boolean {
  const [tl, tr] = quad;
  const tilt = Math.abs((Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI);
  return cornerSkewDegrees(quad) > MIN_CORNER_SKEW_DEGREES || tilt > MAX_DESKEW_DEGREES;
}

/**
 * Straightens the quadrilateral `quad` of a one-channel image to a rectangle as wide and high as
 * the means of its opposite sides (a photo does not tell the sheet's true proportions; the means
 * are nearer than the longer sides), by bilinear sampling, white outside the image.
 */
export function warpQuad(
  gray: Uint8Array,
  width: number,
  height: number,
  quad: Quad,
): PerspectiveWarp & { data: Uint8Array } {
  const source = new Image(width, height, { colorModel: 'GREY', data: gray });
  const warp = getPerspectiveWarp(
    quad.map((p) => ({ column: p.x, row: p.y })),
    straightSize(quad),
  );
  // `inverse`: the matrix already maps each output pixel to where it is read in the source.
  const out = source.transform(warp.matrix, {
    inverse: true,
    width: warp.width,
    height: warp.height,
    borderValue: 255,
  });
  return {
    data: out.getRawImage().data as Uint8Array,
    matrix: warp.matrix,
    width: warp.width,
    height: warp.height,
  };
}

/**
 * A warp computed on a copy of the region shrunk by `sx` × `sy` into a rectangle shrunk by
 * `scale`, expressed at full size: its matrix maps a point of the full-size rectangle into the
 * full-size region, and its size is the full-size rectangle's.
 */
export function fullSizeWarp(
  shrunk: PerspectiveWarp,
  sx: number,
  sy: number,
  scale: number,
): PerspectiveWarp {
  const [a, b, c] = shrunk.matrix;
  // diag(1/sx, 1/sy, 1) · M · diag(scale, scale, 1)
  const row = (r: number[], f: number) => [r[0] * scale * f, r[1] * scale * f, r[2] * f];
  return {
    matrix: [row(a, 1 / sx), row(b, 1 / sy), row(c, 1)],
    width: shrunk.width / scale,
    height: shrunk.height / scale,
  };
}

/** The size of the rectangle `warpQuad` straightens a quadrilateral into. */
export function straightSize(quad: Quad): { width: number; height: number } {
  const [tl, tr, br, bl] = quad;
  const side = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  return {
    width: Math.round((side(tl, tr) + side(bl, br)) / 2),
    height: Math.round((side(tl, bl) + side(tr, br)) / 2),
  };
}

/** A point of the straightened rectangle, in the coordinates of the region it was warped from. */
export function unwarpPoint(point: Point, warp: Pick<PerspectiveWarp, 'matrix'>): Point {
  const [a, b, c] = warp.matrix;
  const w = c[0] * point.x + c[1] * point.y + c[2];
  return {
    x: (a[0] * point.x + a[1] * point.y + a[2]) / w,
    y: (b[0] * point.x + b[1] * point.y + b[2]) / w,
  };
}
