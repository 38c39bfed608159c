import type { OcrLine } from '../ocr/ocr-engine.js';

/**
 * A line's box against the height its characters need on one row: about 1.5–2 for a row of text
 * (a character is about half as wide as it is tall), far more when the engine read a page turned
 * a quarter the wrong way, whose "lines" are columns of words joined. On the 50 real receipts:
 * 0.8–4.0 for every reading the right way round, 22–127 for those read a quarter turned.
 */
const MAX_ROW_HEIGHTS = 10;

/**
 * Whether a reading's lines are rows of text: the median over its characters of each line's
 * height (less what the baseline's tilt adds) times its characters, over its width. True when
 * the engine gave no boxes (nothing says otherwise).
 */
export function linesAreRows(lines: readonly OcrLine[] | undefined): boolean {
  const heights: { ratio: number; weight: number }[] = [];
  for (const { text, box, slope } of lines ?? []) {
    const characters = text.replace(/\s/g, '').length;
    if (!box || box.width <= 0 || characters === 0) continue;
    const height = Math.max(0, box.height - Math.abs(slope ?? 0) * box.width);
    heights.push({ ratio: (height * characters) / box.width, weight: characters });
  }
  if (heights.length === 0) return true;
  heights.sort((a, b) => a.ratio - b.ratio);
  let half = heights.reduce((sum, { weight }) => sum + weight, 0) / 2;
  for (const { ratio, weight } of heights) {
    half -= weight;
    if (half <= 0) return ratio <= MAX_ROW_HEIGHTS;
  }
  return true;
}
