import { quadArea, quadCorners, type Quad } from './perspective.js';

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

/**
 * A scanner's dark border, the edge of the lid or a table at a photo's edge is ink along a whole
 * side, not text: a side whose outer cells are mostly inked is cleared a few cells deep, so the
 * receipt is not joined to the frame (which would make the whole page "the receipt").
 */
function clearInkedEdges(inked: Uint32Array, ink: Uint32Array, cols: number, rows: number): void {
  const depth = 3;
  const share = (cells: number[]) => cells.filter((c) => inked[c]).length / cells.length;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const band = (side: 'top' | 'bottom' | 'left' | 'right', d: number) =>
    side === 'top' || side === 'bottom'
      ? range(cols).map((x) => (side === 'top' ? d : rows - 1 - d) * cols + x)
      : range(rows).map((y) => y * cols + (side === 'left' ? d : cols - 1 - d));
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    const outer = Math.max(share(band(side, 0)), share(band(side, 1)));
    if (outer < 0.5) continue;
    for (let d = 0; d < depth; d++) {
      for (const cell of band(side, d)) {
        inked[cell] = 0;
        ink[cell] = 0;
      }
    }
  }
}

/** The pixels of a band from 2% to 5% of the size in from every edge. */
function edgeBand(gray: Uint8Array, width: number, height: number): Uint8Array {
  const from = Math.round(0.02 * Math.min(width, height));
  const to = Math.max(from + 1, Math.round(0.05 * Math.min(width, height)));
  const band: number[] = [];
  for (let y = from; y < height - from; y++) {
    const inRows = y < to || y >= height - to;
    for (let x = from; x < width - from; x++) {
      if (inRows || x < to || x >= width - to) band.push(gray[y * width + x]);
    }
  }
  return Uint8Array.from(band);
}

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
  return findReceiptRegion(gray, width, height, options)?.box ?? null;
}

/**
 * The receipt's region ({@link findContentBox}) and, for a sheet of paper found against a darker
 * background, its four corners (null on a light page, where the paper is the page).
 */
export function findReceiptRegion(
  gray: Uint8Array,
  width: number,
  height: number,
  options: ContentBoxOptions = {},
): { box: Box; corners: Quad | null } | null {
  const o = { ...DEFAULTS, ...options };
  if (width * height !== gray.length || width < 4 * o.cellSize || height < 4 * o.cellSize) {
    return null;
  }
  const paper = percentile(gray, 0.5);
  // Not a light page: a photo of a receipt on a table or a dark scanner lid. Take the paper.
  if (paper < 170) return findBrightPaperRegion(gray, width, height, o);
  // A receipt filling most of a photo: the paper is the median, but a darker table shows all
  // round the edges (a scanned page is paper there, inside its thin dark border).
  if (percentile(edgeBand(gray, width, height), 0.5) < paper - 60) {
    const sheet = findBrightPaperRegion(gray, width, height, o);
    if (sheet) return sheet;
  }
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
  clearInkedEdges(inked, ink, cols, rows);

  // Connected components of inked cells, where "connected" means within joinRadius cells.
  const r = o.joinRadius;
  const blocks = connectedRegions(
    cols,
    rows,
    (cell) => inked[cell] === 1,
    (cell) => ink[cell],
    (cx, cy, visit) => {
      for (let ny = cy - r; ny <= cy + r; ny++)
        for (let nx = cx - r; nx <= cx + r; nx++) visit(nx, ny);
    },
  );
  // A block's weight is its ink.
  const totalMass = blocks.reduce((sum, block) => sum + block.weight, 0);
  // Too little ink to trust: a blank page or a very faint photo.
  if (totalMass < minInk * 20) return null;
  const kept = blocks.filter((b) => b.weight >= totalMass * o.minBlockShare);
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
  return { box, corners: null };
}

/**
 * The largest bright region of an image whose background is darker (a receipt photographed on a
 * table): cells brighter than the Otsu threshold between paper and background, joined where
 * they touch, the largest kept. Null when no region stands out (it is not 3% to 85% of the image,
 * or paper and background are too alike).
 */
export function findBrightPaper(
  gray: Uint8Array,
  width: number,
  height: number,
  options: ContentBoxOptions = {},
): Box | null {
  return findBrightPaperRegion(gray, width, height, options)?.box ?? null;
}

/**
 * {@link findBrightPaper}'s region with the paper's corners, when its pixels fill the
 * quadrilateral they span (a flat sheet; not one folded, torn or running off the image).
 */
function findBrightPaperRegion(
  gray: Uint8Array,
  width: number,
  height: number,
  options: ContentBoxOptions = {},
): { box: Box; corners: Quad | null } | null {
  const o = { ...DEFAULTS, ...options };
  const cols = Math.ceil(width / o.cellSize);
  const rows = Math.ceil(height / o.cellSize);
  const sum = new Float64Array(cols * rows);
  const count = new Uint32Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const rowBase = Math.floor(y / o.cellSize) * cols;
    for (let x = 0; x < width; x++) {
      const cell = rowBase + Math.floor(x / o.cellSize);
      sum[cell] += gray[y * width + x];
      count[cell]++;
    }
  }
  const means = new Uint8Array(cols * rows);
  for (let i = 0; i < means.length; i++) means[i] = Math.round(sum[i] / Math.max(1, count[i]));
  const threshold = otsu(means);
  const brightMean = mean(means, (v) => v > threshold);
  const darkMean = mean(means, (v) => v <= threshold);
  if (brightMean - darkMean < 50) return null;
  // Text inside the paper makes dark cells: a cell counts as paper when its mean is closer to
  // the paper's, with some room for print.
  const isPaper = (v: number) => v > threshold - 0.25 * (brightMean - darkMean);
  let best: { cells: number; x0: number; y0: number; x1: number; y1: number } | null = null;
  let bestIndex = -1;
  const labels = new Int32Array(cols * rows);
  const regions = connectedRegions(
    cols,
    rows,
    (cell) => isPaper(means[cell]),
    () => 1,
    (cx, cy, visit) => {
      visit(cx - 1, cy);
      visit(cx + 1, cy);
      visit(cx, cy - 1);
      visit(cx, cy + 1);
    },
    labels,
  );
  for (const [index, { weight, ...bounds }] of regions.entries()) {
    if (!best || weight > best.cells) {
      best = { cells: weight, ...bounds };
      bestIndex = index + 1;
    }
  }
  if (!best) return null;
  const { cells, x0, y0, x1, y1 } = best;
  const share = cells / (cols * rows);
  if (share < 0.03 || share > 0.85) return null;
  const left = Math.max(0, (x0 - 1) * o.cellSize);
  const top = Math.max(0, (y0 - 1) * o.cellSize);
  const right = Math.min(width, (x1 + 2) * o.cellSize);
  const bottom = Math.min(height, (y1 + 2) * o.cellSize);
  const box = { left, top, width: right - left, height: bottom - top };
  // The paper's pixels: bright, in a cell of the region or one beside it (its frayed edge).
  const pixelPaper = threshold - 0.25 * (brightMean - darkMean);
  const near = new Uint8Array(cols * rows);
  for (let cell = 0; cell < near.length; cell++) {
    if (labels[cell] !== bestIndex) continue;
    const cx = cell % cols;
    const cy = Math.floor(cell / cols);
    for (let ny = Math.max(0, cy - 1); ny <= Math.min(rows - 1, cy + 1); ny++)
      for (let nx = Math.max(0, cx - 1); nx <= Math.min(cols - 1, cx + 1); nx++)
        near[ny * cols + nx] = 1;
  }
  const nearRegion = (x: number, y: number) =>
    near[Math.floor(y / o.cellSize) * cols + Math.floor(x / o.cellSize)] === 1;
  const corners = quadCorners((x, y) => gray[y * width + x] > pixelPaper && nearRegion(x, y), box);
  // A flat sheet fills the quadrilateral its corners span; anything else keeps the box alone.
  const filled = corners ? (cells * o.cellSize * o.cellSize) / quadArea(corners) : 0;
  return { box, corners: filled > 0.8 && filled < 1.25 ? corners : null };
}

interface CellRegion {
  /** The sum of its cells' weights. */
  weight: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The connected regions of a grid's member cells, in the order of their first cell, with their
 * bounds in cells; `neighbours` names the cells a cell joins (those off the grid are ignored).
 */
function connectedRegions(
  cols: number,
  rows: number,
  member: (cell: number) => boolean,
  weight: (cell: number) => number,
  neighbours: (cx: number, cy: number, visit: (nx: number, ny: number) => void) => void,
  /** When given, each member cell gets its region's number (1-based). */
  labels?: Int32Array,
): CellRegion[] {
  const seen = new Uint8Array(cols * rows);
  const regions: CellRegion[] = [];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || !member(start)) continue;
    const region = { weight: 0, x0: cols, y0: rows, x1: -1, y1: -1 };
    const stack = [start];
    seen[start] = 1;
    const visit = (nx: number, ny: number) => {
      if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) return;
      const next = ny * cols + nx;
      if (!seen[next] && member(next)) {
        seen[next] = 1;
        stack.push(next);
      }
    };
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const cx = cell % cols;
      const cy = Math.floor(cell / cols);
      if (labels) labels[cell] = regions.length + 1;
      region.weight += weight(cell);
      region.x0 = Math.min(region.x0, cx);
      region.y0 = Math.min(region.y0, cy);
      region.x1 = Math.max(region.x1, cx);
      region.y1 = Math.max(region.y1, cy);
      neighbours(cx, cy, visit);
    }
    regions.push(region);
  }
  return regions;
}

function mean(values: Uint8Array, keep: (v: number) => boolean): number {
  let total = 0;
  let n = 0;
  for (const v of values) {
    if (keep(v)) {
      total += v;
      n++;
    }
  }
  return n ? total / n : 0;
}

/** Otsu's threshold: the gray level that best splits the values into two classes. */
function otsu(values: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const v of values) histogram[v]++;
  const total = values.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * histogram[v];
  let sumBelow = 0;
  let below = 0;
  let best = 0;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    below += histogram[t];
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += t * histogram[t];
    const meanBelow = sumBelow / below;
    const meanAbove = (sumAll - sumBelow) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
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

export interface SkewOptions {
  /** Largest tilt looked for, in degrees either way. Default 8. */
  maxDegrees?: number;
  /** Step between the angles tried, in degrees. Default 0.25. */
  stepDegrees?: number;
}

/**
 * The angle (degrees, clockwise positive) by which the text lines inside `box` are tilted: the
 * angle whose projection of the dark pixels onto rows is the most peaked (text lines fall into
 * few rows, the gaps between them into none). 0 when there is too little ink to tell.
 */
export function estimateSkew(
  gray: Uint8Array,
  width: number,
  box: Box,
  options: SkewOptions = {},
): number {
  const maxDegrees = options.maxDegrees ?? 8;
  const step = options.stepDegrees ?? 0.25;
  const region = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const row = (box.top + y) * width + box.left;
    region.set(gray.subarray(row, row + box.width), y * box.width);
  }
  const paper = percentile(region, 0.5);
  const darkest = percentile(region, 0.005);
  const inkBelow = paper - 0.5 * (paper - darkest);
  if (paper - darkest < 40) return 0;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      if (region[y * box.width + x] < inkBelow) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 200) return 0;
  // Every other ink pixel is plenty for the profile and halves the time.
  const stride = xs.length > 60_000 ? 2 : 1;
  const diagonal = Math.ceil(Math.hypot(box.width, box.height));
  const bins = new Float64Array(diagonal * 2 + 2);
  let bestAngle = 0;
  let bestScore = -1;
  for (let degrees = -maxDegrees; degrees <= maxDegrees + 1e-9; degrees += step) {
    const radians = (degrees * Math.PI) / 180;
    const sin = Math.sin(radians);
    const cos = Math.cos(radians);
    bins.fill(0);
    for (let i = 0; i < xs.length; i += stride) {
      // The row a pixel falls into once the page is turned back by `degrees`.
      const r = Math.round(ys[i] * cos - xs[i] * sin) + diagonal;
      bins[r]++;
    }
    let score = 0;
    for (const count of bins) score += count * count;
    // Ties go to the smaller tilt: never turn an upright receipt for nothing.
    if (
      score > bestScore * 1.0005 ||
      (score >= bestScore && Math.abs(degrees) < Math.abs(bestAngle))
    ) {
      bestScore = score;
      bestAngle = degrees;
    }
  }
  return Math.abs(bestAngle) < step ? 0 : Math.round(bestAngle * 100) / 100;
}
