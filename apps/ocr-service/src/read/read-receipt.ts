import {
  parseTextReceipt,
  type FieldEvidence,
  type FieldEvidenceMap,
  type ReceiptFields,
  type ReceiptOutcome,
} from '@snaptrack/contracts';
import { detectImageType } from '@snaptrack/storage';
import {
  extractFields,
  type ExtractedFields,
  type FieldBasis,
} from '../extraction/extract-fields.js';
import type { LineBox } from '../extraction/text-lines.js';
import { LLM_METHOD_SUFFIX, type LlmExtractor } from '../extraction/llm-extractor.js';
import { heicDecoder, type HeicDecoderOptions } from '../preprocess/heic-decoder.js';
import type { ImageTransform } from '../preprocess/image-transform.js';
import { preprocessImage, type PreprocessedImage } from '../preprocess/preprocess-image.js';
import { PreprocessError } from '../preprocess/preprocess.errors.js';
import { languageForLocale, type OcrLanguage } from '../ocr/languages.js';
import {
  OcrTimeoutError,
  type OcrLine,
  type OcrResult,
  type RecognizeOptions,
} from '../ocr/ocr-engine.js';
import { toStoredImage } from './image-boxes.js';
import { linesAreRows } from './lines-are-rows.js';
import { readPdfInWorker, type ReadPdfOptions } from './read-pdf.js';
import { WorkerTaskError } from './worker-task.js';

export interface Reading {
  status: ReceiptOutcome;
  fields: ReceiptFields | null;
  rawText: string | null;
  /** Why it failed, in words for the user. */
  error: string | null;
  method: string;
  /**
   * For an image: the OCR lines with their boxes in the coordinates of the image the engine
   * read, and how that image was made from the upload (`toOriginalBox(line.box, transform)` in
   * preprocess/image-transform.ts gives a box on the stored image as a viewer shows it upright;
   * for a scanned PDF, on its rendered first page). Absent for text and PDF-text readings.
   */
  lines?: OcrLine[];
  transform?: ImageTransform;
  /** The kind of evidence behind each rule-read field's confidence (extraction/calibration.ts). */
  basis?: FieldBasis;
}

export interface ReadOptions {
  recognize(image: Buffer, options?: RecognizeOptions): Promise<OcrResult>;
  engineName: string;
  /** The engine's confidence below which a page may be upside down (read it again turned). */
  doubtfulBelow?: number;
  maxPixels: number;
  referenceDate?: Date;
  /**
   * The account's locale (BCP 47), when known: evidence for day/month order, decimal marks and
   * currency only where the receipt itself leaves them open.
   */
  locale?: string;
  /** The engine's languages (`OcrEngine.languages`): a hint or a detection outside them is not used. */
  languages?: readonly OcrLanguage[];
  /** Model extraction on top of the rules, when configured. */
  llm?: LlmExtractor | null;
  /** Limits and test seams of the PDF reader (time cap, worker script). */
  pdf?: Pick<ReadPdfOptions, 'timeoutMs' | 'script'>;
  /** Limits and test seams of the HEIC decoder (time cap, worker script). */
  heic?: HeicDecoderOptions;
}

export const ReadFailures = {
  notImage: 'This file is not a receipt image we can read (JPEG, PNG, WebP, HEIC or PDF).',
  corrupt:
    'The image could not be opened; it may be damaged or incomplete. Please upload it again.',
  tooLarge: 'The image has too many pixels to read. Please upload a smaller photo.',
  pdfEmpty:
    'This PDF has no text or image to read. Please upload a photo or screenshot of the receipt.',
  pdfCorrupt:
    'The PDF could not be opened; it may be damaged or incomplete. Please upload it again.',
  pdfEncrypted:
    'This PDF is password-protected. Please upload a copy without a password, or a photo of the receipt.',
  pdfTimeout: 'Reading this PDF took too long. Please retry, or upload a photo of the receipt.',
  nothingFound:
    'No vendor, amount or date could be read from this receipt. Please enter them by hand or retry with a clearer photo.',
  timeout: 'Reading this receipt took too long. Please retry.',
} as const;

/**
 * One receipt file to fields: preprocessing (orientation, crop, gray, ≤ 2048 px), OCR, rule-based
 * extraction. Bad input is a `failed` reading with a reason, never an exception; an exception
 * means a transient fault (engine crash) that deserves a retry.
 */
export async function readReceipt(file: Buffer, options: ReadOptions): Promise<Reading> {
  if (detectImageType(file) === 'pdf') return readPdfReceipt(file, options);
  return readImage(file, options, options.engineName);
}

/** Preprocessing, OCR and extraction of one image; `method` names how it was read. */
async function readImage(image: Buffer, options: ReadOptions, method: string): Promise<Reading> {
  const prepare = (rotate?: 90 | 180 | 270, perspective = true) =>
    preprocessImage(image, {
      maxInputPixels: options.maxPixels,
      decoders: { heic: heicDecoder(options.maxPixels, options.heic) },
      rotate,
      perspective,
    });
  // The account's language when the engine has a model for it, else English. (Reading the whole
  // page again in a language detected from a first reading cost twice the time and measured no
  // better on the multi-locale bench: docs/ocr.md, "OCR languages". The hybrid engine re-reads
  // only its header band in the detected language.)
  const usable = (language: OcrLanguage | null) =>
    language && options.languages?.includes(language) ? language : undefined;
  const hinted = usable(languageForLocale(options.locale));
  const recognize = (prepared: Buffer) => options.recognize(prepared, { language: hinted });
  const fromOcr = async (
    { ocr, image: prepared }: ImageReading,
    llm: LlmExtractor | null = null,
  ): Promise<Reading> => {
    const reading = await readingFromText(ocr.text, method, {
      lines: ocr.lines,
      referenceDate: options.referenceDate,
      locale: options.locale,
      llm,
      // A rendered PDF page is not the stored file: its boxes would point nowhere the user sees.
      transform: method.startsWith(PDF_METHOD) ? undefined : prepared.transform,
    });
    return { ...reading, lines: ocr.lines ?? [], transform: prepared.transform };
  };
  let read: ImageReading;
  try {
    read = await readUpright(prepare, recognize, options.doubtfulBelow);
  } catch (error) {
    if (error instanceof PreprocessError) return failed(failureFor(error), method);
    if (error instanceof OcrTimeoutError) return failed(ReadFailures.timeout, method);
    throw error;
  }
  // The rules choose the reading; a model, when configured, refines only the one chosen.
  let reading = await fromOcr(read);
  if (read.image.transform.warp && !hasTotal(reading)) {
    // The warp straightens the paper as its brightness outlines it: a shadow across the paper
    // can leave a strip of it out, the amounts' column with it. Without a total, the photo is
    // read again cropped but not warped, and that reading kept when it finds the total.
    try {
      const flat = await prepare(read.image.transform.rotate || undefined, false);
      const flatRead: ImageReading = { ocr: await recognize(flat.image), image: flat };
      const again = await fromOcr(flatRead);
      if (hasTotal(again)) [read, reading] = [flatRead, again];
    } catch (error) {
      if (!(error instanceof PreprocessError || error instanceof OcrTimeoutError)) throw error;
    }
  }
  return options.llm ? fromOcr(read, options.llm) : reading;
}

/** An OCR result and the prepared image it was read from. */
interface ImageReading {
  ocr: OcrResult;
  image: PreprocessedImage;
}

/**
 * The image read the right way up. A photo whose ink runs sideways is read a quarter turned
 * (which way is not known), as is one whose reading comes out in columns; whatever reading is
 * kept, when it is doubtful, is tried upside down (a receipt lying flat gives the phone no up:
 * its photos come out any way round); the surest reading is kept.
 */
async function readUpright(
  prepare: (rotate?: 90 | 180 | 270) => Promise<PreprocessedImage>,
  recognize: (image: Buffer) => Promise<OcrResult>,
  doubtfulBelow?: number,
): Promise<ImageReading> {
  const upright = await prepare();
  const readTurned = async (rotate?: 90 | 180 | 270): Promise<ImageReading> => {
    const image = rotate ? await prepare(rotate) : upright;
    return { ocr: await recognize(image.image), image };
  };
  const sure = ({ ocr }: ImageReading) =>
    ocr.confidence >= surelyUpright(doubtfulBelow) && linesAreRows(ocr.lines) && !scant(ocr);
  // Upside-down text reads as low-confidence garbage, or as a few confident marks: try it
  // turned, keep the surer one.
  const doubtful = ({ ocr }: ImageReading) => ocr.confidence < (doubtfulBelow ?? 0) || scant(ocr);
  const orUpsideDown = async (best: ImageReading): Promise<ImageReading> => {
    if (!doubtful(best)) return best;
    const turned = await readTurned(180);
    return surer(turned.ocr, best.ocr) ? turned : best;
  };
  if (!upright.sideways) {
    const best = await orUpsideDown(await readTurned());
    if (!doubtful(best) && linesAreRows(best.ocr.lines)) return best;
    // Doubtful both ways up, or read in columns: the text may run across after all (tilted by a
    // few degrees, a sideways photo's ink no longer looks sideways).
    return surestOf(best, [90, 270], readTurned, sure);
  }
  // Text read the wrong way up is low-confidence garbage (measured up to 0.84 with the hybrid
  // engine, whose doubt starts below 0.85); upright text read a quarter turned comes out
  // confident but in columns, not rows (the ink's shape misleads on a creased or shadowed
  // photo). So a quarter turn read surely, in rows, is kept; otherwise the other way is read,
  // then the photo as it was taken, and the surest kept.
  const quarter = await readTurned(90);
  // Read in columns, the text ran across the turned image: the photo was upright after all,
  // and the other quarter turn would read columns too.
  const others = linesAreRows(quarter.ocr.lines)
    ? ([270, undefined] as const)
    : ([undefined] as const);
  const best = await surestOf(quarter, others, readTurned, sure);
  // The ink's shape misled about an upside-down photo (none of the turns reads surely).
  return orUpsideDown(best);
}

/** The surest of `first` and the image read turned each way of `turns` in order, until one is sure. */
async function surestOf(
  first: ImageReading,
  turns: readonly (90 | 180 | 270 | undefined)[],
  readTurned: (rotate?: 90 | 180 | 270) => Promise<ImageReading>,
  sure: (reading: ImageReading) => boolean,
): Promise<ImageReading> {
  let best = first;
  for (const rotate of turns) {
    if (sure(best)) break;
    const other = await readTurned(rotate);
    if (surer(other.ocr, best.ocr)) best = other;
  }
  return best;
}

function hasTotal(reading: Reading): boolean {
  return typeof reading.fields?.amount === 'number';
}

/**
 * Fewer letters and digits than a receipt prints (a date and a total alone are more). The real
 * receipts read the right way up gave 134 or more; read upside down, PaddleOCR kept as few as 1
 * to 7 characters at confidences up to 0.90 (`000$`), which its doubt alone does not catch.
 */
const SCANT_TEXT = 12;

function scant(ocr: OcrResult): boolean {
  return (ocr.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < SCANT_TEXT;
}

/**
 * Whether reading `a` is surer than `b`: some text over next to none, in rows of text over in
 * columns, then more confident.
 */
function surer(a: OcrResult, b: OcrResult): boolean {
  if (scant(a) !== scant(b)) return !scant(a);
  const rows = linesAreRows(a.lines);
  if (rows !== linesAreRows(b.lines)) return rows;
  return a.confidence > b.confidence;
}

/**
 * The confidence at which a reading is taken as the right way up without trying another turn: a
 * third of the way from the engine's doubt to certainty (0.9 for the hybrid engine's 0.85). An
 * engine without a measure of doubt has both ways read.
 */
function surelyUpright(doubtfulBelow = 1): number {
  return doubtfulBelow + (1 - doubtfulBelow) / 3;
}

/**
 * A PDF receipt: its text layer when it has one (an e-receipt), read like a text receipt;
 * otherwise its first page rendered (long side 2048 px) and OCR'd like a photo. pdf.js runs in
 * a worker thread with a time cap; every bad PDF becomes a failed reading with a reason.
 */
async function readPdfReceipt(file: Buffer, options: ReadOptions): Promise<Reading> {
  let content;
  try {
    content = await readPdfInWorker(file, { ...options.pdf, maxImagePixels: options.maxPixels });
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) throw error;
    // The file, not the moment, decides whether pdf.js finishes: a retry would fail again.
    const reason =
      error.code === 'WORKER_TIMEOUT' ? ReadFailures.pdfTimeout : ReadFailures.pdfCorrupt;
    return failed(reason, PDF_METHOD);
  }
  switch (content.kind) {
    case 'text':
      return readingFromText(content.text, PDF_TEXT_METHOD, {
        referenceDate: options.referenceDate,
        locale: options.locale,
        llm: options.llm,
      });
    case 'image':
      return readImage(Buffer.from(content.image), options, `${PDF_METHOD}+${options.engineName}`);
    case 'empty':
      return failed(ReadFailures.pdfEmpty, PDF_METHOD);
    case 'unreadable':
      return failed(
        content.reason === 'encrypted' ? ReadFailures.pdfEncrypted : ReadFailures.pdfCorrupt,
        PDF_METHOD,
      );
  }
}

/**
 * The text of a receipt email: no image to prepare or recognise, the same extraction, with the
 * shop's From and Subject stored before it as evidence of the vendor. The message's text is kept
 * as the expense's raw text (the Email Receipt modal shows it).
 */
export function readTextReceipt(
  stored: string,
  referenceDate?: Date,
  llm?: LlmExtractor | null,
  locale?: string | null,
): Promise<Reading> {
  const { from, subject, body } = parseTextReceipt(stored);
  return readingFromText(body, TEXT_METHOD, {
    referenceDate,
    llm,
    locale: locale ?? undefined,
    mail: { from, subject },
  });
}

/** Extraction on read text: the fields, or a failure that still keeps the text. */
async function readingFromText(
  raw: string,
  method: string,
  {
    llm,
    transform,
    ...options
  }: NonNullable<Parameters<typeof extractFields>[1]> & {
    llm?: LlmExtractor | null;
    /** How the image was prepared, when the text was read from the stored image. */
    transform?: ImageTransform;
  },
): Promise<Reading> {
  const text = raw.normalize('NFKC');
  const rules = extractFields(text, options);
  const refined = llm ? await llm.refine(text, rules, options.referenceDate) : null;
  const extracted = refined?.fields ?? rules;
  const by = refined?.used ? method + LLM_METHOD_SUFFIX : method;
  if (!extracted.vendor && extracted.total === null && !extracted.date) {
    return { ...failed(ReadFailures.nothingFound, by), rawText: text };
  }
  return {
    status: 'ready',
    fields: {
      vendor: extracted.vendor?.slice(0, 200) ?? null,
      amount: extracted.total,
      currency: extracted.currency,
      expense_date: extracted.date,
      confidence: extracted.confidence.overall,
      // The rules' reading of the tax lines (a model does not read them): null when none.
      tax_amount: rules.taxAmount,
      tax_lines: rules.taxAmount === null ? null : rules.taxLines,
      evidence: fieldEvidence(rules, extracted, transform),
    },
    rawText: text,
    error: null,
    method: by,
    ...(extracted.basis ? { basis: extracted.basis } : {}),
  };
}

/**
 * Per read field: its confidence and where on the stored image it was read. A value the model
 * changed has no box (the rules' line is not where it came from).
 */
export function fieldEvidence(
  rules: ExtractedFields,
  extracted: ExtractedFields,
  transform: ImageTransform | undefined,
): FieldEvidenceMap {
  const evidence = (confidence: number, box: LineBox | null | undefined): FieldEvidence => ({
    confidence,
    box: box && transform ? toStoredImage(box, transform) : null,
  });
  const map: FieldEvidenceMap = {};
  if (extracted.vendor) {
    const same = extracted.vendor === rules.vendor;
    map.vendor = evidence(extracted.confidence.vendor, same ? rules.boxes?.vendor : null);
  }
  if (extracted.total !== null) {
    const same = extracted.total === rules.total;
    map.amount = evidence(extracted.confidence.total, same ? rules.boxes?.total : null);
  }
  if (extracted.date) {
    const same = extracted.date === rules.date;
    map.expense_date = evidence(extracted.confidence.date, same ? rules.boxes?.date : null);
  }
  if (extracted.currency) {
    const same = extracted.currency === rules.currency;
    map.currency = evidence(extracted.confidence.currency, same ? rules.boxes?.currency : null);
    // Only the account's locale spoke for it: the receipt did not say.
    if (same && rules.currencyAssumed) map.currency.flag = 'assumed';
  }
  if (rules.taxAmount !== null) {
    // The tax lines checked against the total the expense keeps: a model's other total voids it.
    const checked = extracted.total === rules.total ? rules.confidence.tax : 0.45;
    map.tax_amount = evidence(Math.min(rules.confidence.tax, checked), rules.boxes?.tax);
  }
  // A review field the receipt did not give: the expense shows it as not read and the queue
  // asks for it (expenses-service keeps a placeholder in the column; docs/ocr.md).
  for (const field of ['vendor', 'amount', 'expense_date'] as const) {
    map[field] ??= { confidence: 0, box: null, flag: 'not_read' };
  }
  return map;
}

const TEXT_METHOD = 'text';
/** Reading methods of PDF receipts: from the text layer, or the rendered page through OCR. */
const PDF_METHOD = 'pdf';
const PDF_TEXT_METHOD = 'pdf-text';

function failureFor(error: PreprocessError): string {
  switch (error.code) {
    case 'IMAGE_TOO_LARGE':
      return ReadFailures.tooLarge;
    case 'IMAGE_DECODE_FAILED':
      return ReadFailures.corrupt;
    case 'IMAGE_DECODE_TIMEOUT':
      return ReadFailures.timeout;
    case 'UNSUPPORTED_IMAGE_TYPE':
      return ReadFailures.notImage;
  }
}

function failed(error: string, method: string): Reading {
  return { status: 'failed', fields: null, rawText: null, error, method };
}
