import type { OcrLanguage } from './languages.js';

/** A point-free rectangle in pixels of the image that was recognised. */
export interface OcrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OcrLine {
  text: string;
  /** 0..1 */
  confidence: number;
  box?: OcrBox;
  /**
   * The baseline's tilt, dy / dx in image pixels (positive: falling to the right), when the
   * engine gives it (Paddle's polygon, tesseract's baseline); rows are rebuilt along it (layout.ts).
   */
  slope?: number;
}

export interface OcrResult {
  /** Page text, one receipt line per text line, top to bottom. */
  text: string;
  /** Mean confidence, 0..1. */
  confidence: number;
  lines?: OcrLine[];
  /**
   * The language model that read the text, for engines that have one per language (tesseract);
   * absent for engines that read every Latin script alike (PaddleOCR).
   */
  language?: OcrLanguage;
}

export interface RecognizeOptions {
  /** The receipt's language, when known (the account's locale, or detected); default English. */
  language?: OcrLanguage;
}

/**
 * One OCR backend. `recognize` takes an image that was already preprocessed (gray, long side
 * ≤ 2048 px); engines must not be handed raw uploads. Implementations serialise their own jobs.
 */
export interface OcrEngine {
  readonly name: string;
  /**
   * A page read below this confidence may be upside down (its text reads as garbage), so it is
   * worth reading again turned 180°. Each engine's own scale: see the engines.
   */
  readonly doubtfulBelow: number;
  /**
   * The languages it has a model for (the first is its default), for engines with one model per
   * language; absent for engines that read every Latin script alike.
   */
  readonly languages?: readonly OcrLanguage[];
  /** Optional eager start (load models at boot so a broken install fails fast). */
  start?(): Promise<void>;
  recognize(image: Buffer, options?: RecognizeOptions): Promise<OcrResult>;
  /** Frees workers and child processes. The engine may not be used afterwards. */
  close(): Promise<void>;
}

export type OcrErrorCode = 'OCR_TIMEOUT' | 'OCR_ENGINE_FAILED' | 'OCR_ENGINE_CLOSED';

export class OcrError extends Error {
  constructor(
    readonly code: OcrErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A job or the engine's start-up took longer than allowed; the worker behind it was discarded. */
export class OcrTimeoutError extends OcrError {
  constructor(what: string, timeoutMs: number) {
    super('OCR_TIMEOUT', `${what} timed out after ${timeoutMs} ms`);
  }
}

export class OcrEngineError extends OcrError {
  constructor(message: string, options?: ErrorOptions) {
    super('OCR_ENGINE_FAILED', message, options);
  }
}

export class OcrEngineClosedError extends OcrError {
  constructor(engine: string) {
    super('OCR_ENGINE_CLOSED', `The ${engine} OCR engine is closed`);
  }
}
