import { describe, expect, it } from '@jest/globals';
import { paddleLinesToResult, scaleLines } from './paddle-lines.js';

const box = (x: number, y: number, w = 100, h = 20) => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

describe('paddleLinesToResult', () => {
  it('sorts by y then x and joins lines of one row', () => {
    const result = paddleLinesToResult([
      { text: '9.00', mean: 0.9, box: box(300, 102) },
      { text: 'THANK YOU', mean: 0.8, box: box(10, 200) },
      { text: 'TOTAL', mean: 0.9, box: box(10, 100) },
      { text: 'SHOP', mean: 0.9, box: box(10, 10) },
    ]);
    expect(result.text).toBe('SHOP\nTOTAL 9.00\nTHANK YOU');
    expect(result.lines?.map((l) => l.text)).toEqual(['SHOP', 'TOTAL', '9.00', 'THANK YOU']);
    expect(result.lines?.[0].box).toEqual({ x: 10, y: 10, width: 100, height: 20 });
  });

  it('folds full-width punctuation with NFKC and drops empty lines', () => {
    const result = paddleLinesToResult([
      { text: 'Date：25/12/2018', mean: 0.9, box: box(0, 0) },
      { text: '  ', mean: 0.9, box: box(0, 40) },
    ]);
    expect(result.text).toBe('Date:25/12/2018');
    expect(result.lines).toHaveLength(1);
  });

  it('weights the page confidence by characters', () => {
    const result = paddleLinesToResult([
      { text: 'ABCDEFGHI', mean: 1, box: box(0, 0) },
      { text: 'x', mean: 0, box: box(0, 40) },
    ]);
    expect(result.confidence).toBeCloseTo(0.9);
  });

  it('keeps the given order when boxes are missing', () => {
    expect(
      paddleLinesToResult([
        { text: 'B', mean: 1 },
        { text: 'A', mean: 1 },
      ]).text,
    ).toBe('B\nA');
    expect(paddleLinesToResult([])).toEqual({ text: '', confidence: 0, lines: [] });
  });
});

describe('scaleLines', () => {
  it('maps boxes from the shrunk copy back to input pixels', () => {
    const [line] = scaleLines([{ text: 'A', mean: 1, box: box(10, 20, 30, 40) }], 2);
    expect(line.box).toEqual(box(20, 40, 60, 80));
    const same = [{ text: 'B', mean: 1 }];
    expect(scaleLines(same, 1)).toBe(same);
  });
});
