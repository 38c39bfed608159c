import type { ReceiptFields, ReceiptOutcome } from '@snaptrack/contracts';
import { extractFields } from '../extraction/extract-fields.js';
import { LLM_METHOD_SUFFIX, type LlmExtractor } from '../extraction/llm-extractor.js';
import { heicDecoder } from '../preprocess/heic-decoder.js';
import { preprocessImage } from '../preprocess/preprocess-image.js';
import { PreprocessError, UnsupportedImageTypeError } from '../preprocess/preprocess.errors.js';
import { OcrTimeoutError, type OcrResult } from '../ocr/ocr-engine.js';

export interface Reading {
  status: ReceiptOutcome;
  fields: ReceiptFields | null;
  rawText: string | null;
  /** Why it failed, in words for the user. */
  error: string | null;
  method: string;
}

export interface ReadOptions {
  recognize(image: Buffer): Promise<OcrResult>;
  engineName: string;
  maxPixels: number;
  referenceDate?: Date;
  /** Model extraction on top of the rules, when configured. */
  llm?: LlmExtractor | null;
}

export const ReadFailures = {
  notImage: 'This file is not a receipt image we can read (JPEG, PNG, WebP, HEIC or PDF).',
  corrupt:
    'The image could not be opened; it may be damaged or incomplete. Please upload it again.',
  tooLarge: 'The image has too many pixels to read. Please upload a smaller photo.',
  pdf: 'PDF receipts cannot be read yet. Please upload a photo or screenshot of the receipt.',
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
  let prepared;
  try {
    prepared = await preprocessImage(file, {
      maxInputPixels: options.maxPixels,
      decoders: { heic: heicDecoder(options.maxPixels) },
    });
  } catch (error) {
    if (error instanceof PreprocessError) return failed(failureFor(error), options.engineName);
    throw error;
  }
  let ocr: OcrResult;
  try {
    ocr = await options.recognize(prepared.image);
  } catch (error) {
    if (error instanceof OcrTimeoutError) return failed(ReadFailures.timeout, options.engineName);
    throw error;
  }
  return readingFromText(ocr.text, options.engineName, {
    lines: ocr.lines,
    referenceDate: options.referenceDate,
    llm: options.llm,
  });
}

/**
 * The text of a receipt email: no image to prepare or recognise, the same extraction. The
 * text itself is kept as the expense's raw text (the Email Receipt modal shows it).
 */
export function readTextReceipt(
  text: string,
  referenceDate?: Date,
  llm?: LlmExtractor | null,
): Promise<Reading> {
  return readingFromText(text, TEXT_METHOD, { referenceDate, llm });
}

/** Extraction on read text: the fields, or a failure that still keeps the text. */
async function readingFromText(
  raw: string,
  method: string,
  {
    llm,
    ...options
  }: NonNullable<Parameters<typeof extractFields>[1]> & {
    llm?: LlmExtractor | null;
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
    },
    rawText: text,
    error: null,
    method: by,
  };
}

const TEXT_METHOD = 'text';

function failureFor(error: PreprocessError): string {
  switch (error.code) {
    case 'IMAGE_TOO_LARGE':
      return ReadFailures.tooLarge;
    case 'IMAGE_DECODE_FAILED':
      return ReadFailures.corrupt;
    case 'UNSUPPORTED_IMAGE_TYPE':
      return error instanceof UnsupportedImageTypeError && error.detectedType === 'pdf'
        ? ReadFailures.pdf
        : ReadFailures.notImage;
  }
}

function failed(error: string, method: string): Reading {
  return { status: 'failed', fields: null, rawText: null, error, method };
}
