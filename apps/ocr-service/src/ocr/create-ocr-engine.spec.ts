import { describe, expect, it } from '@jest/globals';
import { createOcrEngine } from './create-ocr-engine.js';
import { isOcrEngineName } from './engine-names.js';

describe('createOcrEngine', () => {
  it.each(['tesseract', 'paddle', 'hybrid'] as const)(
    'builds %s without starting it',
    async (name) => {
      const engine = createOcrEngine(name);
      expect(engine.name).toBe(name);
      await engine.close();
    },
  );

  it('recognises engine names', () => {
    expect(isOcrEngineName('paddle')).toBe(true);
    expect(isOcrEngineName('easyocr')).toBe(false);
  });
});
