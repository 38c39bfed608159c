import { afterEach, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { renderReceipt, renderReceiptPdf } from '@snaptrack/testing';
import { answering, closeFakeOpenAiServers, fakeOpenAi } from '../../test/fake-openai.js';
import { LlmExtractor } from '../extraction/llm-extractor.js';
import { formatTextReceipt } from '@snaptrack/contracts';
import {
  fieldEvidence,
  ReadFailures,
  readReceipt,
  readTextReceipt,
  type ReadOptions,
} from './read-receipt.js';
import type { WorkerScript } from './worker-task.js';
import type { OcrLine } from '../ocr/ocr-engine.js';
import { preprocessImage } from '../preprocess/preprocess-image.js';

const receipt = { vendor: 'BLUE HARBOR CAFE', date: '2026-03-14', total: '42.17' };

/** The real pdf-worker.ts, compiled as it loads (unit tests run the sources). */
const pdfWorker: WorkerScript = {
  url: new URL('./ts-worker.test-helper.mjs', import.meta.url),
  workerData: { tsWorkerTarget: new URL('./pdf-worker.ts', import.meta.url).href },
};

/**
 * The worker's time cap. In `npm test` the unit tests run at the lowest CPU priority beside the
 * integration shards (SNAPTRACK_TEST_BACKGROUND=1): a worker that compiles its TypeScript and
 * loads pdf.js may then wait longer than the service's 30 s for a core.
 */
const pdfTimeoutMs = process.env.SNAPTRACK_TEST_BACKGROUND ? 170_000 : 30_000;

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
    pdf: { script: pdfWorker, timeoutMs: pdfTimeoutMs },
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
    // The reading first: when it failed, its error says why.
    expect(reading).toMatchObject({ status: 'ready', method: 'pdf+fake' });
    expect(ocr.seen).toHaveLength(1);
    const meta = await sharp(ocr.seen[0]).metadata();
    expect(meta.format).toBe('png');
    expect(meta.channels).toBe(1);
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(2048);
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

/**
 * Whether two gray images are one picture: a small receipt is read enlarged, and resampling a
 * turned image differs a little from turning a resampled one.
 */
function samePicture(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference += Math.abs(a[i] - b[i]);
  // About 3 levels between one picture's two resamplings; 16 between its two ways up.
  return difference / a.length < 5;
}

describe('readReceipt with a photo that may be upside down', () => {
  /** OCR stand-in answering each image in turn with the next of the given readings. */
  function readings(...answers: [string, number, OcrLine[]?][]) {
    const seen: Buffer[] = [];
    const options: ReadOptions = {
      recognize: (image) => {
        seen.push(image);
        const [text, confidence, lines] = answers[seen.length - 1];
        return Promise.resolve({ text, confidence, lines });
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
    expect(samePicture(second, turned)).toBe(true);
    expect(samePicture(first, second)).toBe(false);
    expect(reading).toMatchObject({ status: 'ready', fields: { amount: 9.5 } });
  });

  /** Upright text read turned: confident words, but each "line" a column of every row's words. */
  const column = (text: string): OcrLine => ({
    text,
    confidence: 0.95,
    box: { x: 0, y: 0, width: 900, height: 460 },
  });
  const row = (text: string, y: number): OcrLine => ({
    text,
    confidence: 0.95,
    box: { x: 0, y, width: 12 * text.length, height: 24 },
  });
  const receiptRows = () => [row('CORNER CAFE', 0), row('14 Mar 2026', 40), row('TOTAL 9.50', 80)];

  /** The rendered receipt turned a quarter, as a phone stores a photo taken sideways. */
  const sideways = () => renderReceipt(receipt, { rotate: 90 });

  it('reads a sideways photo once when the first quarter turn reads surely', async () => {
    const photo = await sideways();
    const ocr = readings(['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.9]);
    const reading = await readReceipt(photo, ocr.options);
    expect(ocr.seen).toHaveLength(1);
    const quarter = await preprocessImage(photo, { rotate: 90 });
    expect(ocr.seen[0].equals(quarter.image)).toBe(true);
    expect(reading.fields?.amount).toBe(9.5);
  });

  it('reads a sideways photo the other way too when the first way is unsure', async () => {
    // Unsure below 0.6 + (1 - 0.6) / 3 ≈ 0.73 with this engine's doubt at 0.6.
    const ocr = readings(
      ['05.6 JATOT', 0.7],
      ['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.72],
      ['x0x', 0.2],
    );
    const reading = await readReceipt(await sideways(), ocr.options);
    expect(ocr.seen).toHaveLength(3);
    const [left, right] = await Promise.all(
      ocr.seen.slice(0, 2).map((image) => sharp(image).raw().toBuffer()),
    );
    const turned = await sharp(ocr.seen[0]).rotate(180).raw().toBuffer();
    expect(samePicture(right, turned)).toBe(true);
    expect(samePicture(left, right)).toBe(false);
    expect(reading.fields?.amount).toBe(9.5);
  });

  it('reads a photo taken for sideways as it was when neither quarter turn reads surely', async () => {
    // A creased, shadowed photo whose ink looks like columns: the turns read unsure garbage.
    const photo = await sideways();
    const ocr = readings(
      ['05.6 JATOT', 0.7],
      ['x0x', 0.5],
      ['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.71],
    );
    const reading = await readReceipt(photo, ocr.options);
    expect(ocr.seen).toHaveLength(3);
    const asTaken = await preprocessImage(photo);
    expect(asTaken.sideways).toBe(true);
    expect(ocr.seen[2].equals(asTaken.image)).toBe(true);
    expect(reading.fields?.amount).toBe(9.5);
    expect(reading.transform?.rotate).toBe(0);
  });

  it('reads a photo as it was taken when a quarter turn reads surely but in columns', async () => {
    const photo = await sideways();
    const ocr = readings(
      ['TOTAL 9.50 CORNER CAFE 14 Mar 2026', 0.95, [column('TOTAL 9.50 CORNER CAFE 14 Mar 2026')]],
      ['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.93, receiptRows()],
    );
    const reading = await readReceipt(photo, ocr.options);
    // The other quarter turn would read columns too: the photo is read as it was taken next.
    expect(ocr.seen).toHaveLength(2);
    expect(ocr.seen[1].equals((await preprocessImage(photo)).image)).toBe(true);
    expect(reading.rawText).toBe('CORNER CAFE\n14 Mar 2026\nTOTAL 9.50');
  });

  it('reads a photo a quarter turned when it reads in columns though its ink looked upright', async () => {
    // A sideways photo taken at a tilt: the ink's shape no longer says sideways.
    const photo = await renderReceipt(receipt);
    const ocr = readings(
      ['TOTAL 9.50 CORNER CAFE 14 Mar 2026', 0.95, [column('TOTAL 9.50 CORNER CAFE 14 Mar 2026')]],
      ['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.93, receiptRows()],
    );
    const reading = await readReceipt(photo, ocr.options);
    expect(ocr.seen).toHaveLength(2);
    expect((await preprocessImage(photo)).sideways).toBe(false);
    expect(ocr.seen[1].equals((await preprocessImage(photo, { rotate: 90 })).image)).toBe(true);
    expect(reading.transform?.rotate).toBe(90);
    expect(reading.fields?.amount).toBe(9.5);
  });

  it('reads a confident reading of next to no text again upside down', async () => {
    // A receipt photographed upside down: PaddleOCR kept a few confident marks of it.
    const ocr = readings(['000$', 0.86], ['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.83]);
    const reading = await readReceipt(await renderReceipt(receipt), ocr.options);
    expect(ocr.seen).toHaveLength(2);
    expect(reading).toMatchObject({ status: 'ready', fields: { amount: 9.5 } });
    expect(reading.transform?.rotate).toBe(180);
  });

  it('reads a photo taken for sideways upside down when every other way reads doubtfully', async () => {
    // Upside down, the ink looked sideways: neither quarter turn nor the photo as taken reads.
    const photo = await sideways();
    const ocr = readings(
      ['x0x', 0.5],
      ['x0x', 0.5],
      ['05.6 JATOT 6202 raM 41 EFAC RENROC', 0.45],
      ['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.9],
    );
    const reading = await readReceipt(photo, ocr.options);
    expect(ocr.seen).toHaveLength(4);
    const upsideDown = await preprocessImage(photo, { rotate: 180 });
    expect(ocr.seen[3].equals(upsideDown.image)).toBe(true);
    expect(reading.fields?.amount).toBe(9.5);
    expect(reading.transform?.rotate).toBe(180);
  });

  it('reads a photo a quarter turned when it reads doubtfully both ways up', async () => {
    // A sideways photo taken at a tilt: fragments of rows one way, columns the other.
    const ocr = readings(
      ['x0x TOTAL 7 Oms CAFE', 0.5],
      ['TOTAL 9.50 CORNER CAFE 14 Mar 2026', 0.55, [column('TOTAL 9.50 CORNER CAFE 14 Mar 2026')]],
      ['CORNER CAFE\n14 Mar 2026\nTOTAL 9.50', 0.93, receiptRows()],
    );
    const reading = await readReceipt(await renderReceipt(receipt), ocr.options);
    expect(ocr.seen).toHaveLength(3);
    expect(reading.transform?.rotate).toBe(90);
    expect(reading.fields?.amount).toBe(9.5);
  });

  it('keeps the first reading when no other way is surer', async () => {
    const ocr = readings(
      ['FADED SHOP\n14 Mar 2026\nTOTAL 4.20', 0.55],
      ['x0x', 0.2],
      ['x0x', 0.3],
      ['x0x', 0.3],
    );
    const reading = await readReceipt(await renderReceipt(receipt), ocr.options);
    expect(ocr.seen).toHaveLength(4);
    expect(reading.fields?.amount).toBe(4.2);
  });
});

describe('readReceipt with a photo taken at an angle', () => {
  afterEach(closeFakeOpenAiServers);

  /** A bright sheet lying at an angle on a dark table: preprocessing straightens it by a warp. */
  const angled = () =>
    sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">' +
          '<rect width="600" height="800" fill="#464646"/>' +
          '<polygon points="180,120 430,150 480,690 110,660" fill="#ebebeb"/></svg>',
      ),
    )
      .jpeg()
      .toBuffer();

  function readings(...answers: string[]) {
    const seen: Buffer[] = [];
    const options: ReadOptions = {
      recognize: (image) => {
        seen.push(image);
        return Promise.resolve({ text: answers[seen.length - 1], confidence: 0.95 });
      },
      engineName: 'fake',
      doubtfulBelow: 0.6,
      maxPixels: 50_000_000,
    };
    return { seen, options };
  }

  it('reads the photo again unwarped when the straightened one shows no total', async () => {
    // A shadow left the amounts' column out of the paper's corners.
    const photo = await angled();
    const ocr = readings('CORNER CAFE\n14 Mar 2026\nTOTAL', 'CORNER CAFE\n14 Mar 2026\nTOTAL 9.50');
    const reading = await readReceipt(photo, ocr.options);
    expect((await preprocessImage(photo)).transform.warp).not.toBeNull();
    expect(ocr.seen).toHaveLength(2);
    const flat = await preprocessImage(photo, { perspective: false });
    expect(flat.transform.warp).toBeNull();
    expect(ocr.seen[1].equals(flat.image)).toBe(true);
    expect(reading.fields?.amount).toBe(9.5);
    expect(reading.transform?.warp).toBeNull();
  });

  it('asks a configured model once, about the reading the rules chose', async () => {
    const model = await fakeOpenAi(
      answering({ vendor: 'Corner Cafe', date: '2026-03-14', total: 9.5, currency: 'EUR' }),
    );
    const llm = new LlmExtractor({
      baseURL: model.baseURL,
      model: 'gpt-4o-mini',
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    const ocr = readings('CORNER CAFE\n14 Mar 2026\nTOTAL', 'CORNER CAFE\n14 Mar 2026\nTOTAL 9.50');
    const reading = await readReceipt(await angled(), { ...ocr.options, llm });
    // The straightened reading had no total, so the flat one was read; only it went to the model.
    expect(ocr.seen).toHaveLength(2);
    expect(model.seen).toHaveLength(1);
    expect(model.seen[0].body.messages[1].content).toContain('TOTAL 9.50');
    expect(reading.method).toBe('fake+openai');
    expect(reading.transform?.warp).toBeNull();
  });

  it('keeps the straightened reading when it has the total, or when neither has', async () => {
    const sure = readings('CORNER CAFE\nTOTAL 9.50');
    expect((await readReceipt(await angled(), sure.options)).fields?.amount).toBe(9.5);
    expect(sure.seen).toHaveLength(1);
    const neither = readings('CORNER CAFE\n14 Mar 2026', 'CORNER CAFE');
    const reading = await readReceipt(await angled(), neither.options);
    expect(neither.seen).toHaveLength(2);
    expect(reading.fields?.expense_date).toBe('2026-03-14');
    expect(reading.transform?.warp).not.toBeNull();
  });
});

describe('the account locale', () => {
  // Nothing on it says which country: no currency, no address, no VAT number.
  const ambiguous = 'CORNER DELI\nDate: 03/04/2026\nSandwich 6.20\nTOTAL 6.20';

  it('decides the order of day and month when the receipt does not', async () => {
    const us = await readReceipt(Buffer.from(await renderReceipt(receipt)), {
      ...fakeOcr(ambiguous).options,
      locale: 'en-US',
    });
    const de = await readReceipt(Buffer.from(await renderReceipt(receipt)), {
      ...fakeOcr(ambiguous).options,
      locale: 'de-DE',
    });
    expect(us.fields?.expense_date).toBe('2026-03-04');
    expect(de.fields?.expense_date).toBe('2026-04-03');
  });

  it('never overrides what the receipt prints', async () => {
    // A euro receipt with a German VAT number is read day first, whatever the account says.
    const printed = 'BÄCKEREI MÜLLER GmbH\nUSt-IdNr. DE123456789\n05/03/2026\nSUMME EUR 4,20';
    const reading = await readReceipt(Buffer.from(await renderReceipt(receipt)), {
      ...fakeOcr(printed).options,
      locale: 'en-US',
    });
    expect(reading.fields?.expense_date).toBe('2026-03-05');
    expect(reading.fields?.currency).toBe('EUR');
    expect(reading.fields?.amount).toBe(4.2);
  });

  it('never turns an impossible date into a possible one', async () => {
    const reading = await readReceipt(Buffer.from(await renderReceipt(receipt)), {
      ...fakeOcr('CORNER DELI\nDate: 13/04/2026\nTOTAL 6.20').options,
      locale: 'en-US',
    });
    expect(reading.fields?.expense_date).toBe('2026-04-13');
  });

  it('reaches text receipts too', async () => {
    const { readTextReceipt } = await import('./read-receipt.js');
    expect((await readTextReceipt(ambiguous, undefined, null, 'en-US')).fields?.expense_date).toBe(
      '2026-03-04',
    );
    expect((await readTextReceipt(ambiguous, undefined, null, 'fr-FR')).fields?.expense_date).toBe(
      '2026-04-03',
    );
  });
});

describe('the OCR language', () => {
  function recording(texts: Record<string, string>) {
    const asked: (string | undefined)[] = [];
    const options: ReadOptions = {
      ...fakeOcr('').options,
      languages: ['eng', 'deu', 'fra'],
      recognize: (_image, o) => {
        asked.push(o?.language);
        const language = o?.language ?? 'eng';
        return Promise.resolve({ text: texts[language] ?? '', confidence: 0.9, language });
      },
    };
    return { asked, options };
  }
  const german = 'BÄCKEREI MÜLLER GmbH\nDatum 05.03.2026\nSUMME EUR 4,20\nGegeben BAR 5,00';

  it("reads in the account's language when it has a model", async () => {
    const ocr = recording({ deu: german });
    const image = await renderReceipt(receipt);
    const reading = await readReceipt(image, { ...ocr.options, locale: 'de-AT' });
    expect(ocr.asked).toEqual(['deu']);
    expect(reading.fields).toMatchObject({ vendor: 'BÄCKEREI MÜLLER', amount: 4.2 });
  });

  it('without a locale, reads once in the default language', async () => {
    const ocr = recording({ eng: german.replace(/Ä/g, 'A').replace(/Ü/g, 'U'), deu: german });
    const reading = await readReceipt(await renderReceipt(receipt), ocr.options);
    expect(ocr.asked).toEqual([undefined]);
    expect(reading.fields?.vendor).toBe('BACKEREI MULLER');
  });

  it('keeps to the languages the engine has', async () => {
    const ocr = recording({ eng: german });
    await readReceipt(await renderReceipt(receipt), {
      ...ocr.options,
      languages: ['eng'],
      locale: 'de-DE',
    });
    expect(ocr.asked).toEqual([undefined]);
  });

  it('reads an English receipt once', async () => {
    const ocr = recording({ eng: 'CORNER DELI\nSUBTOTAL 6.20\nTAX 0.50\nTOTAL 6.70\nCASH 10.00' });
    await readReceipt(await renderReceipt(receipt), ocr.options);
    expect(ocr.asked).toEqual([undefined]);
  });
});

describe('where the lines were read', () => {
  it('keeps the OCR lines and the transform back onto the upload', async () => {
    const page = await renderReceipt(receipt, { wholePage: true });
    const line = {
      text: 'TOTAL 42.17',
      confidence: 0.9,
      box: { x: 10, y: 20, width: 200, height: 30 },
    };
    const reading = await readReceipt(page, {
      ...fakeOcr('').options,
      recognize: () =>
        Promise.resolve({ text: 'BLUE HARBOR CAFE\nTOTAL 42.17', confidence: 0.9, lines: [line] }),
    });
    expect(reading.lines).toEqual([line]);
    expect(reading.transform?.original).toEqual({ width: 2480, height: 3508 });
    // The receipt was cropped out of the page: the line lies inside the receipt's region.
    const { toOriginalBox } = await import('../preprocess/image-transform.js');
    const box = toOriginalBox(line.box, reading.transform!);
    expect(box.x).toBeGreaterThanOrEqual(reading.transform!.crop!.left);
    expect(box.y).toBeGreaterThanOrEqual(reading.transform!.crop!.top);
    expect(box.x).toBeLessThan(800);
  });
});

describe('fieldEvidence', () => {
  const rules = {
    vendor: 'BLUE HARBOR CAFE',
    total: 42.17,
    date: '2026-03-14',
    currency: 'EUR',
    taxAmount: null,
    taxLines: [],
    confidence: { vendor: 0.9, total: 0.6, date: 0.95, currency: 0.9, tax: 0, overall: 0.8 },
    boxes: {
      vendor: { x: 100, y: 10, width: 400, height: 30 },
      total: { x: 20, y: 400, width: 560, height: 30 },
      date: null,
      currency: { x: 20, y: 400, width: 560, height: 30 },
    },
  };
  // The engine read a copy half the size of the stored 1280 × 1000 image, uncropped.
  const transform = {
    original: { width: 1280, height: 1000 },
    crop: null,
    deskew: 0,
    warp: null,
    rotate: 0 as const,
    scale: 0.5,
    size: { width: 640, height: 500 },
  };

  it('gives each read field its confidence and its box on the stored image', () => {
    expect(fieldEvidence(rules, rules, transform)).toEqual({
      vendor: { confidence: 0.9, box: { x: 200, y: 20, width: 800, height: 60 } },
      amount: { confidence: 0.6, box: { x: 40, y: 800, width: 1120, height: 60 } },
      expense_date: { confidence: 0.95, box: null },
      currency: { confidence: 0.9, box: { x: 40, y: 800, width: 1120, height: 60 } },
    });
  });

  it('gives the tax its evidence, and less confidence when the model changed the total', () => {
    const taxed = {
      ...rules,
      taxAmount: 3.87,
      taxLines: [{ rate: 19, tax: 3.87, net: 20.36, gross: 24.23 }],
      confidence: { ...rules.confidence, tax: 0.9 },
      boxes: { ...rules.boxes, tax: { x: 20, y: 440, width: 560, height: 30 } },
    };
    expect(fieldEvidence(taxed, taxed, transform).tax_amount).toEqual({
      confidence: 0.9,
      box: { x: 40, y: 880, width: 1120, height: 60 },
    });
    const model = { ...taxed, total: 30 };
    expect(fieldEvidence(taxed, model, transform).tax_amount?.confidence).toBe(0.45);
    expect(fieldEvidence(rules, rules, transform).tax_amount).toBeUndefined();
  });

  it('has no box for a value the model changed, nor without an image', () => {
    const model = {
      ...rules,
      vendor: 'Blue Harbor Café',
      confidence: { ...rules.confidence, vendor: 0.75 },
    };
    expect(fieldEvidence(rules, model, transform).vendor).toEqual({ confidence: 0.75, box: null });
    expect(fieldEvidence(rules, rules, undefined).amount).toEqual({ confidence: 0.6, box: null });
    const modelCurrency = { ...rules, currency: 'USD', confidence: { ...rules.confidence } };
    expect(fieldEvidence(rules, modelCurrency, transform).currency).toEqual({
      confidence: 0.9,
      box: null,
    });
  });

  it('flags a review field that was not read, and leaves out a currency that was not', () => {
    const none = { ...rules, total: null, date: null, currency: null };
    const evidence = fieldEvidence(none, none, transform);
    expect(Object.keys(evidence).sort()).toEqual(['amount', 'expense_date', 'vendor']);
    const notRead = { confidence: 0, box: null, flag: 'not_read' };
    expect(evidence.amount).toEqual(notRead);
    expect(evidence.expense_date).toEqual(notRead);
    expect(evidence.vendor?.flag).toBeUndefined();
  });

  it('flags a currency only the account locale gave as assumed', () => {
    const assumed = { ...rules, currency: 'EUR', currencyAssumed: true };
    expect(fieldEvidence(assumed, assumed, transform).currency?.flag).toBe('assumed');
    expect(fieldEvidence(rules, rules, transform).currency?.flag).toBeUndefined();
  });
});

describe('readTextReceipt', () => {
  const body = 'Hi Max,\nOrder #1042\nSubtotal €59.00\nTotal €63.90\n20/11/2026';

  it('takes the shop from the stored From header and keeps the message text as raw text', async () => {
    const stored = formatTextReceipt({
      from: 'Linen & Co <orders@linenco.example>',
      subject: 'Order #1042 confirmed',
      body,
    });
    const reading = await readTextReceipt(stored, new Date('2026-11-30T12:00:00Z'));
    expect(reading.fields).toMatchObject({ vendor: 'Linen & Co', amount: 63.9 });
    expect(reading.fields?.evidence?.vendor?.confidence).toBeLessThan(0.7);
    expect(reading.rawText).toBe(body);
  });

  it('reads a text stored before the header existed as it always did', async () => {
    const reading = await readTextReceipt(body, new Date('2026-11-30T12:00:00Z'));
    expect(reading.fields).toMatchObject({ vendor: null, amount: 63.9 });
    expect(reading.rawText).toBe(body);
  });
});
