import type { OcrBox, OcrLine, OcrResult } from './ocr-engine.js';
import type { PaddleLine } from './paddle-protocol.js';

function toBox(points: number[][] | undefined): OcrBox | undefined {
  if (!points || points.length < 4 || points.some((p) => p.length < 2)) return undefined;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Maps boxes found on a shrunk copy back to the pixels of the image the caller sent. */
export function scaleLines(lines: PaddleLine[], factor: number): PaddleLine[] {
  if (factor === 1) return lines;
  return lines.map((l) => ({ ...l, box: l.box?.map((p) => p.map((v) => v * factor)) }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Turns Paddle's lines into a page: NFKC (Paddle's Chinese model emits full-width `：（）`),
 * reading order top to bottom, then left to right among lines whose vertical centres lie within
 * half a line height of each other. Lines on one row are joined with a space in `text`, so a label
 * and its amount stay on one text line.
 */
export function paddleLinesToResult(raw: PaddleLine[]): OcrResult {
  const lines: OcrLine[] = raw
    .map((l) => ({ text: l.text.normalize('NFKC').trim(), confidence: l.mean, box: toBox(l.box) }))
    .filter((l) => l.text.length > 0);
  const boxed = lines.every((l) => l.box);
  if (boxed) {
    const tolerance = median(lines.map((l) => l.box!.height)) / 2;
    lines.sort((a, b) => a.box!.y - b.box!.y || a.box!.x - b.box!.x);
    const rows: OcrLine[][] = [];
    for (const line of lines) {
      const centre = line.box!.y + line.box!.height / 2;
      const row = rows.at(-1);
      const rowCentre = row ? row[0].box!.y + row[0].box!.height / 2 : Number.NaN;
      if (row && Math.abs(centre - rowCentre) <= tolerance) row.push(line);
      else rows.push([line]);
    }
    for (const row of rows) row.sort((a, b) => a.box!.x - b.box!.x);
    const ordered = rows.flat();
    return {
      text: rows.map((row) => row.map((l) => l.text).join(' ')).join('\n'),
      confidence: meanConfidence(ordered),
      lines: ordered,
    };
  }
  return { text: lines.map((l) => l.text).join('\n'), confidence: meanConfidence(lines), lines };
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
