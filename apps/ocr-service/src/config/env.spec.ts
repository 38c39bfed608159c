import { describe, expect, it } from '@jest/globals';
import { defaultOcrWorkers } from './env.js';

describe('defaultOcrWorkers', () => {
  it('gives tesseract.js one worker per core but one', () => {
    expect(defaultOcrWorkers('tesseract', 2)).toBe(1);
    expect(defaultOcrWorkers('tesseract', 8)).toBe(7);
  });

  it('gives PaddleOCR (two threads, 1.5 GB each) one worker per two cores', () => {
    expect(defaultOcrWorkers('hybrid', 2)).toBe(1);
    expect(defaultOcrWorkers('hybrid', 8)).toBe(4);
    expect(defaultOcrWorkers('paddle', 3)).toBe(1);
  });

  it('never gives fewer than one', () => {
    expect(defaultOcrWorkers('tesseract', 1)).toBe(1);
    expect(defaultOcrWorkers('hybrid', 1)).toBe(1);
  });
});
