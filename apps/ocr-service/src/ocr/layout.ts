import type { OcrLine } from './ocr-engine.js';

/**
 * Receipt rows rebuilt from the engines' line boxes. An engine reads a receipt line as one box or
 * as several (Paddle: the label, a gap, the amount; tesseract: blocks of columns), and on a
 * photo or a scan the paper is tilted or curled, so "same y" is not "same row": the label at the
 * left and its amount at the right of one row can lie further apart in y than two rows do.
 * Each line's baseline slope (from Paddle's polygon or tesseract's baseline) gives the local tilt;
 * a line joins the row whose baseline, carried over to it along that tilt, passes through the
 * middle half of its height, and which holds nothing where it stands.
 */

/** Width / height from which a line's own slope is trusted (a short word's is noise). */
const LONG_LINE = 4;
/** Tilts beyond this (about 10°) are not a receipt's rows: the preprocessing levels the page. */
const MAX_SLOPE = 0.18;
/** How many long lines nearest in height give a line its local slope (paper curls). */
const NEIGHBOURS = 6;
/** Share of the smaller height two centres may be apart and still sit on one row. */
const SAME_ROW = 0.5;
/** Share of the narrower width two boxes may overlap and still sit side by side. */
const SIDE_BY_SIDE = 0.3;

interface Placed {
  line: OcrLine;
  /** Centre. */
  cx: number;
  cy: number;
  /** The text's own height (the axis-aligned box's height less the tilt's rise). */
  height: number;
  left: number;
  right: number;
  slope: number;
}

interface Row {
  members: Placed[];
  /** The member the row's baseline is carried from (its tallest, the best anchor). */
  anchor: Placed;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const clampSlope = (s: number) => Math.max(-MAX_SLOPE, Math.min(MAX_SLOPE, s));

/** The page's tilt: the median slope of its long lines (0 when none says). */
export function pageSlope(lines: readonly OcrLine[]): number {
  const slopes = lines
    .filter((l) => l.box && l.slope !== undefined && l.box.width >= LONG_LINE * l.box.height * 0.5)
    .map((l) => clampSlope(l.slope!));
  return median(slopes);
}

function place(lines: readonly OcrLine[]): Placed[] {
  const page = pageSlope(lines);
  const long = lines.filter(
    (l) => l.box && l.slope !== undefined && l.box.width >= LONG_LINE * l.box.height * 0.5,
  );
  return lines.map((line) => {
    const box = line.box!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // The tilt where the line stands: its long neighbours' (a curled sheet tilts differently at
    // the top and the bottom), else the page's.
    const near = long
      .map((l) => ({ slope: clampSlope(l.slope!), d: Math.abs(l.box!.y + l.box!.height / 2 - cy) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, NEIGHBOURS)
      .map((n) => n.slope);
    const slope = near.length >= 3 ? median(near) : page;
    const own = line.slope === undefined ? slope : clampSlope(line.slope);
    const height = Math.max(box.height - Math.abs(own) * box.width, box.height * 0.35, 1);
    return { line, cx, cy, height, left: box.x, right: box.x + box.width, slope };
  });
}

/** How far (in px) a line's centre is from the row's baseline carried over to it. */
function offset(row: Row, p: Placed): number {
  const a = row.anchor;
  const slope = (a.slope + p.slope) / 2;
  return Math.abs(p.cy - (a.cy + slope * (p.cx - a.cx)));
}

function overlapsAny(row: Row, p: Placed): boolean {
  return row.members.some((m) => {
    const overlap = Math.min(m.right, p.right) - Math.max(m.left, p.left);
    return overlap > SIDE_BY_SIDE * Math.min(m.right - m.left, p.right - p.left);
  });
}

/**
 * The lines grouped into rows, rows top to bottom, each left to right. Lines without a box keep
 * their order, one row each (nothing to place them by).
 */
export function layoutRows(lines: readonly OcrLine[]): OcrLine[][] {
  if (lines.length === 0) return [];
  if (!lines.every((l) => l.box)) return lines.map((l) => [l]);
  const placed = place(lines);
  const page = pageSlope(lines);
  // Top to bottom along the tilt, so a row's lines arrive together.
  const level = (p: Placed) => p.cy - page * p.cx;
  placed.sort((a, b) => level(a) - level(b) || a.left - b.left);
  const rows: Row[] = [];
  for (const p of placed) {
    let best: Row | null = null;
    let bestOffset = Infinity;
    // Only the last few rows can still take a line: the others lie wholly above it.
    for (const row of rows.slice(-6)) {
      const d = offset(row, p);
      if (d <= SAME_ROW * Math.min(row.anchor.height, p.height) && d < bestOffset) {
        if (overlapsAny(row, p)) continue;
        best = row;
        bestOffset = d;
      }
    }
    if (best) {
      best.members.push(p);
      if (p.height > best.anchor.height * 1.2) best.anchor = p;
    } else {
      rows.push({ members: [p], anchor: p });
    }
  }
  const rowLevel = (row: Row) => median(row.members.map(level));
  return rows
    .sort((a, b) => rowLevel(a) - rowLevel(b))
    .map((row) => row.members.sort((a, b) => a.left - b.left).map((m) => m.line));
}

/** Page text in reading order: one text line per row, its pieces joined by a space. */
export function rowsToText(rows: readonly OcrLine[][]): string {
  return rows.map((row) => row.map((l) => l.text).join(' ')).join('\n');
}
