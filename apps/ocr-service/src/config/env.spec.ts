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

describe('OCR_LANGUAGES', () => {
  const languages = async (value?: string) => {
    const { ocrEnv } = await import('./env.js');
    return ocrEnv.shape.OCR_LANGUAGES.safeParse(value);
  };

  it('defaults to every shipped language and reads a list', async () => {
    expect((await languages()).data).toEqual(['eng', 'deu', 'fra', 'spa', 'ita', 'nld', 'por']);
    expect((await languages('eng, deu')).data).toEqual(['eng', 'deu']);
  });

  it('refuses a language it has no model for, and an empty list', async () => {
    expect((await languages('eng,jpn')).success).toBe(false);
    expect((await languages(',')).success).toBe(false);
  });
});
