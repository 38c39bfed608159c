/** A rectangle in pixel coordinates of the image it was computed on. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ContentBoxOptions {
  /** Side of the square cells the page is divided into (analysis pixels). */
  cellSize?: number;
  /** A cell holds ink when at least this share of its pixels is dark. */
  cellInkShare?: number;
  /** Cells closer than this (in cells) belong to the same block of text. */
  joinRadius?: number;
  /** Padding added around the found block, as a share of the image size. */
  padding?: number;
  /** Blocks with less than this share of all ink are specks and are ignored. */
  minBlockShare?: number;
  /** Do not crop when the text already covers more than this share of the image area. */
  maxAreaShare?: number;
}

const DEFAULTS: Required<ContentBoxOptions> = {
  cellSize: 8,
  cellInkShare: 0.04,
  joinRadius: 5,
  padding: 0.02,
  minBlockShare: 0.01,
  maxAreaShare: 0.6,
};

function percentile(data: Uint8Array, p: number): number {
  const histogram = new Uint32Array(256);
  for (const v of data) histogram[v]++;
  const target = data.length * p;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen >= target) return v;
  }
  return 255;
}

/**
 * Finds the receipt on a mostly white page (an A4 scan with the receipt in one corner).
 *
 * Works on a small grayscale copy: marks cells that hold dark "ink", joins cells that lie close
 * together into blocks, drops blocks too small to be anything but scanner specks and returns the
 * padded bounding box of the rest. Every real block is kept (a barcode is not the whole receipt).
 * Returns `null` when cropping would not help: the background is not a light page (a photo on a
 * table), there is hardly any ink, or the text already fills most of the image.
 */
export function findContentBox(
  gray: Uint8Array,
  width: number,
  height: number,
  options: ContentBoxOptions = {},
): Box | null {
  const o = { ...DEFAULTS, ...options };
  if (width * height !== gray.length || width < 4 * o.cellSize || height < 4 * o.cellSize) {
    return null;
  }
  const paper = percentile(gray, 0.5);
  // Only a light page has margins worth trimming.
  if (paper < 170) return null;
  // Relative to the darkest print, so faded thermal print still counts as ink.
  const darkest = percentile(gray, 0.005);
  const inkBelow = Math.min(paper - 25, paper - 0.3 * (paper - darkest));

  const cols = Math.ceil(width / o.cellSize);
  const rows = Math.ceil(height / o.cellSize);
  const ink = new Uint32Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const rowBase = Math.floor(y / o.cellSize) * cols;
    const line = y * width;
    for (let x = 0; x < width; x++) {
      if (gray[line + x] < inkBelow) ink[rowBase + Math.floor(x / o.cellSize)]++;
    }
  }
  const minInk = Math.max(2, Math.round(o.cellSize * o.cellSize * o.cellInkShare));
  const inked = ink.map((count) => (count >= minInk ? 1 : 0));

  // Connected components of inked cells, where "connected" means within joinRadius cells.
  const label = new Int32Array(cols * rows).fill(-1);
  const blocks: { mass: number; x0: number; y0: number; x1: number; y1: number }[] = [];
  let totalMass = 0;
  for (let start = 0; start < inked.length; start++) {
    if (!inked[start] || label[start] !== -1) continue;
    const component = { mass: 0, x0: cols, y0: rows, x1: -1, y1: -1 };
    const stack = [start];
    label[start] = start;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const cx = cell % cols;
      const cy = Math.floor(cell / cols);
      component.mass += ink[cell];
      component.x0 = Math.min(component.x0, cx);
      component.y0 = Math.min(component.y0, cy);
      component.x1 = Math.max(component.x1, cx);
      component.y1 = Math.max(component.y1, cy);
      const r = o.joinRadius;
      for (let ny = Math.max(0, cy - r); ny <= Math.min(rows - 1, cy + r); ny++) {
        for (let nx = Math.max(0, cx - r); nx <= Math.min(cols - 1, cx + r); nx++) {
          const next = ny * cols + nx;
          if (inked[next] && label[next] === -1) {
            label[next] = start;
            stack.push(next);
          }
        }
      }
    }
    totalMass += component.mass;
    blocks.push(component);
  }
  // Too little ink to trust: a blank page or a very faint photo.
  if (totalMass < minInk * 20) return null;
  const kept = blocks.filter((b) => b.mass >= totalMass * o.minBlockShare);
  const best = {
    x0: Math.min(...kept.map((b) => b.x0)),
    y0: Math.min(...kept.map((b) => b.y0)),
    x1: Math.max(...kept.map((b) => b.x1)),
    y1: Math.max(...kept.map((b) => b.y1)),
  };

  const padX = Math.round(width * o.padding);
  const padY = Math.round(height * o.padding);
  const left = Math.max(0, best.x0 * o.cellSize - padX);
  const top = Math.max(0, best.y0 * o.cellSize - padY);
  const right = Math.min(width, (best.x1 + 1) * o.cellSize + padX);
  const bottom = Math.min(height, (best.y1 + 1) * o.cellSize + padY);
  const box = { left, top, width: right - left, height: bottom - top };
  if (box.width * box.height > o.maxAreaShare * width * height) return null;
  return box;
}

/** Maps a box found on a scaled copy back onto the full-size image, clamped to its bounds. */
export function scaleBox(
  box: Box,
  from: { width: number; height: number },
  to: { width: number; height: number },
): Box {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const left = Math.max(0, Math.floor(box.left * sx));
  const top = Math.max(0, Math.floor(box.top * sy));
  const right = Math.min(to.width, Math.ceil((box.left + box.width) * sx));
  const bottom = Math.min(to.height, Math.ceil((box.top + box.height) * sy));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}
