import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { renderReceipt, renderReceiptPdf } from '@snaptrack/testing';
import { fieldEvidence, ReadFailures, readReceipt, type ReadOptions } from './read-receipt.js';
import type { WorkerScript } from './worker-task.js';

const receipt = { vendor: 'BLUE HARBOR CAFE', date: '2026-03-14', total: '42.17' };

/** The real pdf-worker.ts, compiled as it loads (unit tests run the sources). */
const pdfWorker: WorkerScript = {
  url: new URL('./ts-worker.test-helper.mjs', import.meta.url),
  workerData: { tsWorkerTarget: new URL('./pdf-worker.ts', import.meta.url).href },
};

/** OCR stand-in: records what it was given and "reads" a fixed text. */
function fakeOcr(text: string) {
  const seen: Buffer[] = [];
  const options: ReadOptions = {
    recognize: (image) => {
      seen.push(image);
      return Promise.resolve({ text, confidence: 0.9 });
    },
    engineName: 'fake',
    maxPixels: 50_000_000,
    pdf: { script: pdfWorker },
  };
  return { seen, options };
}

describe('readReceipt with a PDF', () => {
  it('reads a PDF with a text layer from its text, without OCR', async () => {
    const ocr = fakeOcr('nothing');
    const reading = await readReceipt(await renderReceiptPdf(receipt, 'text'), ocr.options);
    expect(ocr.seen).toHaveLength(0);
    expect(reading).toMatchObject({
      status: 'ready',
      method: 'pdf-text',
      error: null,
      fields: { vendor: 'BLUE HARBOR CAFE', amount: 42.17, expense_date: '2026-03-14' },
    });
    expect(reading.rawText).toContain('TOTAL');
  });

  it('OCRs the rendered first page of a PDF without text', async () => {
    const ocr = fakeOcr('HARBOR SCANS\nDate: 02/03/2026\nTOTAL 18.40');
    const reading = await readReceipt(await renderReceiptPdf(receipt, 'image'), ocr.options);
    expect(ocr.seen).toHaveLength(1);
    const meta = await sharp(ocr.seen[0]).metadata();
    expect(meta.format).toBe('png');
    expect(meta.channels).toBe(1);
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(2048);
    expect(reading).toMatchObject({ status: 'ready', method: 'pdf+fake' });
    expect(reading.fields?.amount).toBe(18.4);
  });

  it('fails a PDF with no text and no image with a reason', async () => {
    const ocr = fakeOcr('nothing');
    const reading = await readReceipt(await renderReceiptPdf(receipt, 'empty'), ocr.options);
    expect(ocr.seen).toHaveLength(0);
    expect(reading).toEqual({
      status: 'failed',
      fields: null,
      rawText: null,
      error: ReadFailures.pdfEmpty,
      method: 'pdf',
    });
  });

  it('fails a damaged PDF with a reason', async () => {
    const pdf = await renderReceiptPdf(receipt, 'text');
    const reading = await readReceipt(pdf.subarray(0, 300), fakeOcr('x').options);
    expect(reading).toMatchObject({ status: 'failed', error: ReadFailures.pdfCorrupt });
  });

  it('fails a PDF that takes longer than its time cap', async () => {
    const { options } = fakeOcr('x');
    const reading = await readReceipt(await renderReceiptPdf(receipt, 'text'), {
      ...options,
      pdf: { script: pdfWorker, timeoutMs: 1 },
    });
    expect(reading).toMatchObject({ status: 'failed', error: ReadFailures.pdfTimeout });
  });
});

describe('readReceipt with a photo that may be upside down', () => {
  /** OCR stand-in answering each image in turn with the next of the given readings. */
  function readings(...answers: [string, number][]) {
    const seen: Buffer[] = [];
    const options: ReadOptions = {
      recognize: (image) => {
        seen.push(image);
        const [text, confidence] = answers[seen.length - 1];
        return Promise.resolve({ text, confidence });
      },
      engineName: 'fake',
      doubtfulBelow: 0.6,
      maxPixels: 50_000_000,
    };
    return { seen, options };
  }

  it('reads a sure reading once', async () => {
    const ocr = readings(['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.93]);
    const reading = await readReceipt(await renderReceipt(receipt), ocr.options);
    expect(ocr.seen).toHaveLength(1);
    expect(reading.fields?.amount).toBe(9.5);
  });

  it('reads a doubtful one again turned 180 degrees and keeps the surer reading', async () => {
    const ocr = readings(['utebe awod nok', 0.32], ['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.9]);
    const reading = await readReceipt(await renderReceipt(receipt), ocr.options);
    expect(ocr.seen).toHaveLength(2);
    const [first, second] = await Promise.all(
      ocr.seen.map((image) => sharp(image).raw().toBuffer()),
    );
    // The second image is the first one turned half a circle.
    const turned = await sharp(ocr.seen[0]).rotate(180).raw().toBuffer();
    expect(second.equals(turned)).toBe(true);
    expect(first.equals(second)).toBe(false);
    expect(reading).toMatchObject({ status: 'ready', fields: { amount: 9.5 } });
  });

  it('keeps the first reading when the turned one is no surer', async () => {
    const ocr = readings(['FADED SHOP\n14 Mar 2026\nTOTAL 4.20', 0.55], ['x0x', 0.2]);
    const reading = await readReceipt(await renderReceipt(receipt), ocr.options);
    expect(ocr.seen).toHaveLength(2);
    expect(reading.fields?.amount).toBe(4.2);
  });
});

describe('fieldEvidence', () => {
  const rules = {
    vendor: 'BLUE HARBOR CAFE',
    total: 42.17,
    date: '2026-03-14',
    currency: null,
    confidence: { vendor: 0.9, total: 0.6, date: 0.95, overall: 0.8 },
    boxes: {
      vendor: { x: 100, y: 10, width: 400, height: 30 },
      total: { x: 20, y: 400, width: 560, height: 30 },
      date: null,
    },
  };
  // The engine read a copy half the size of the stored 1280 × 1000 image, uncropped.
  const geometry = {
    read: { width: 640, height: 500 },
    original: { width: 1280, height: 1000 },
    crop: null,
    rotate: 0 as const,
  };

  it('gives each read field its confidence and its box on the stored image', () => {
    expect(fieldEvidence(rules, rules, geometry)).toEqual({
      vendor: { confidence: 0.9, box: { x: 200, y: 20, width: 800, height: 60 } },
      amount: { confidence: 0.6, box: { x: 40, y: 800, width: 1120, height: 60 } },
      expense_date: { confidence: 0.95, box: null },
    });
  });

  it('has no box for a value the model changed, nor without an image', () => {
    const model = {
      ...rules,
      vendor: 'Blue Harbor Café',
      confidence: { ...rules.confidence, vendor: 0.75 },
    };
    expect(fieldEvidence(rules, model, geometry).vendor).toEqual({ confidence: 0.75, box: null });
    expect(fieldEvidence(rules, rules, undefined).amount).toEqual({ confidence: 0.6, box: null });
  });

  it('leaves out a field that was not read', () => {
    const none = { ...rules, total: null, date: null };
    expect(Object.keys(fieldEvidence(none, none, geometry))).toEqual(['vendor']);
  });
});
