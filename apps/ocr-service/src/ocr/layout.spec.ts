import { describe, expect, it } from '@jest/globals';
import { layoutRows, pageSlope, rowsToText } from './layout.js';
import type { OcrLine } from './ocr-engine.js';

/**
 * A text piece on a page tilted by `slope`: the axis-aligned box of a `width` × 20 px line whose
 * left end's centre is at (x, y), as Paddle's polygon gives it.
 */
function piece(text: string, x: number, y: number, width: number, slope: number): OcrLine {
  const rise = slope * width;
  const top = Math.min(y, y + rise) - 10;
  return {
    text,
    confidence: 0.9,
    box: { x, y: top, width, height: 20 + Math.abs(rise) },
    slope,
  };
}

/** Rows 30 px apart, a label at the left and its amount 500 px to the right, on a tilted page. */
function tiltedReceipt(slope: number): OcrLine[] {
  const rows = [
    ['Milch 1,5%', '1,19'],
    ['Butter', '2,29'],
    ['Brot', '3,49'],
    ['SUMME', '6,97'],
    ['Kartenzahlung', '6,97'],
  ];
  return rows.flatMap(([label, amount], i) => {
    const y = 100 + i * 30;
    return [piece(label, 40, y, 160, slope), piece(amount, 540, y + slope * 500, 60, slope)];
  });
}

describe('layoutRows', () => {
  it('keeps a label and its amount on one row on a page tilted 4°', () => {
    // Over 500 px a 4° tilt moves the amount 35 px: more than a row's pitch.
    const lines = tiltedReceipt(Math.tan((4 * Math.PI) / 180));
    const text = rowsToText(layoutRows(lines));
    expect(text.split('\n')).toEqual([
      'Milch 1,5% 1,19',
      'Butter 2,29',
      'Brot 3,49',
      'SUMME 6,97',
      'Kartenzahlung 6,97',
    ]);
  });

  it('reads the same receipt tilted the other way', () => {
    const lines = tiltedReceipt(-Math.tan((3 * Math.PI) / 180));
    expect(rowsToText(layoutRows(lines)).split('\n')[3]).toBe('SUMME 6,97');
  });

  it('does not put two boxes that overlap sideways on one row', () => {
    const rows = layoutRows([piece('SUMME', 40, 100, 200, 0), piece('EUR 6,97', 60, 108, 200, 0)]);
    expect(rows.map((r) => r.map((l) => l.text))).toEqual([['SUMME'], ['EUR 6,97']]);
  });

  it('keeps the order of lines without boxes', () => {
    const rows = layoutRows([
      { text: 'B', confidence: 1 },
      { text: 'A', confidence: 1 },
    ]);
    expect(rowsToText(rows)).toBe('B\nA');
  });

  it('takes the page tilt from its long lines, not from short words', () => {
    const slope = 0.05;
    const lines = [
      piece('a long line of text', 0, 0, 300, slope),
      piece('another long line', 0, 40, 300, slope),
      piece('x', 0, 80, 10, -0.5),
    ];
    expect(pageSlope(lines)).toBeCloseTo(slope, 5);
  });
});
