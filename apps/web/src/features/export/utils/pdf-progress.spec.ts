import { describe, expect, it } from '@jest/globals';
import { pdfFailedMessage, pdfProgress } from './pdf-progress';

describe('pdfProgress', () => {
  it("shows the server's value", () => {
    expect(pdfProgress(42, 3)).toBe(42);
    expect(pdfProgress(100, 1)).toBe(100);
  });

  it('estimates without one, never above 95%', () => {
    expect(pdfProgress(undefined, 0)).toBe(0);
    expect(pdfProgress(null, 10)).toBeGreaterThan(0);
    expect(pdfProgress(undefined, 119)).toBe(95);
  });
});

describe('pdfFailedMessage', () => {
  it('names the error or says Unknown error', () => {
    expect(pdfFailedMessage('Disk full')).toBe('PDF generation failed: Disk full');
    expect(pdfFailedMessage(null)).toBe('PDF generation failed: Unknown error');
  });
});
