import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { renderReceiptPdf } from '@snaptrack/testing';
import { readPdf } from './pdf-reader.js';
import { readPdfInWorker } from './read-pdf.js';
import { WorkerTaskError, type WorkerScript } from './worker-task.js';

const receipt = { vendor: 'BLUE HARBOR CAFE', date: '2026-03-14', total: '42.17' };

/** The real pdf-worker.ts, compiled as it loads (unit tests run the sources). */
const pdfWorker: WorkerScript = {
  url: new URL('./ts-worker.test-helper.mjs', import.meta.url),
  workerData: { tsWorkerTarget: new URL('./pdf-worker.ts', import.meta.url).href },
};

describe('readPdf', () => {
  it('reads the text layer of a PDF e-receipt, line by line', async () => {
    const content = await readPdf(await renderReceiptPdf(receipt, 'text'));
    expect(content).toMatchObject({ kind: 'text', pages: 1, image: null });
    if (content.kind !== 'text') throw new Error('unreachable');
    const lines = content.text.split('\n');
    expect(lines[0]).toBe('BLUE HARBOR CAFE');
    expect(lines).toContain('Date: 14 Mar 2026 14:32');
    expect(lines.find((line) => line.startsWith('TOTAL'))).toMatch(/^TOTAL\s+42\.17$/);
  });

  it('renders the first page of a scanned PDF for OCR, long side 2048 px', async () => {
    const content = await readPdf(await renderReceiptPdf(receipt, 'image'));
    expect(content.kind).toBe('image');
    if (content.kind !== 'image') throw new Error('unreachable');
    const meta = await sharp(content.image).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width, meta.height)).toBe(2048);
    // The receipt is on the page: the rendering is not blank.
    const stats = await sharp(content.image).grayscale().stats();
    expect(stats.channels[0].min).toBeLessThan(80);
  });

  it('says a PDF with no text and no image is empty', async () => {
    expect(await readPdf(await renderReceiptPdf(receipt, 'empty'))).toEqual({
      kind: 'empty',
      pages: 1,
    });
  });

  it('says a damaged PDF is unreadable instead of throwing', async () => {
    const pdf = await renderReceiptPdf(receipt, 'text');
    const content = await readPdf(pdf.subarray(0, 200));
    expect(content).toMatchObject({ kind: 'unreadable', reason: 'corrupt' });
  });
});

describe('readPdfInWorker', () => {
  it('reads a PDF in a worker thread', async () => {
    const content = await readPdfInWorker(await renderReceiptPdf(receipt, 'text'), {
      script: pdfWorker,
    });
    expect(content.kind).toBe('text');
  });

  it('returns the rendered page from the thread', async () => {
    const content = await readPdfInWorker(await renderReceiptPdf(receipt, 'image'), {
      script: pdfWorker,
      maxRenderSide: 1000,
    });
    expect(content.kind).toBe('image');
    if (content.kind !== 'image') throw new Error('unreachable');
    expect((await sharp(content.image).metadata()).height).toBe(1000);
  });

  it('ends a thread that runs past its time cap', async () => {
    // Far too little time to even load pdf.js: the cap, not the file, ends the task.
    const reading = readPdfInWorker(await renderReceiptPdf(receipt, 'text'), {
      script: pdfWorker,
      timeoutMs: 1,
    });
    await expect(reading).rejects.toBeInstanceOf(WorkerTaskError);
    await expect(reading).rejects.toMatchObject({ code: 'WORKER_TIMEOUT' });
  });
});
