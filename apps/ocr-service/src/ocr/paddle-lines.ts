import type { OcrBox, OcrLine, OcrResult } from './ocr-engine.js';
import { layoutRows, rowsToText } from './layout.js';
import type { PaddleLine } from './paddle-protocol.js';

function toBox(points: number[][] | undefined): OcrBox | undefined {
  if (!points || points.length < 4 || points.some((p) => p.length < 2)) return undefined;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The tilt of a polygon's top and bottom edges (dy / dx), averaged; undefined when unknown. */
function toSlope(points: number[][] | undefined): number | undefined {
  if (!points || points.length < 4 || points.some((p) => p.length < 2)) return undefined;
  const [tl, tr, br, bl] = points;
  const edge = (a: number[], b: number[]) => (b[0] - a[0] > 0 ? (b[1] - a[1]) / (b[0] - a[0]) : 0);
  return (edge(tl, tr) + edge(bl, br)) / 2;
}

/** Maps boxes found on a shrunk copy back to the pixels of the image the caller sent. */
export function scaleLines(lines: PaddleLine[], factor: number): PaddleLine[] {
  if (factor === 1) return lines;
  return lines.map((l) => ({ ...l, box: l.box?.map((p) => p.map((v) => v * factor)) }));
}

/**
 * Turns Paddle's lines into a page: NFKC (Paddle's Chinese model emits full-width `：（）`),
 * rows rebuilt from the boxes along the baseline's tilt (layout.ts), each row left to right.
 * Lines on one row are joined with a space in `text`, so a label and its amount stay on one text
 * line.
 */
export function paddleLinesToResult(raw: PaddleLine[]): OcrResult {
  const lines: OcrLine[] = raw
    .map((l) => ({
      text: l.text.normalize('NFKC').trim(),
      confidence: l.mean,
      box: toBox(l.box),
      slope: toSlope(l.box),
    }))
    .filter((l) => l.text.length > 0);
  const rows = layoutRows(lines);
  const ordered = rows.flat();
  return { text: rowsToText(rows), confidence: meanConfidence(ordered), lines: ordered };
}

/** Character-weighted mean, so a one-letter smudge does not count as much as the total line. */
function meanConfidence(lines: OcrLine[]): number {
  let chars = 0;
  let sum = 0;
  for (const line of lines) {
    chars += line.text.length;
    sum += line.confidence * line.text.length;
  }
  return chars === 0 ? 0 : sum / chars;
}
