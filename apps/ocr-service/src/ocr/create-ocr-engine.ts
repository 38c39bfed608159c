import { HybridEngine, type HybridEngineOptions } from './hybrid-engine.js';
import type { OcrEngine } from './ocr-engine.js';
import { PaddleEngine, type PaddleEngineOptions } from './paddle-engine.js';
import { TesseractEngine, type TesseractEngineOptions } from './tesseract-engine.js';

export type OcrEngineName = 'tesseract' | 'paddle' | 'hybrid';

export const OCR_ENGINE_NAMES: readonly OcrEngineName[] = ['tesseract', 'paddle', 'hybrid'];

export interface OcrEngineOptions {
  tesseract?: TesseractEngineOptions;
  paddle?: PaddleEngineOptions;
  hybrid?: HybridEngineOptions;
}

export function isOcrEngineName(value: string): value is OcrEngineName {
  return (OCR_ENGINE_NAMES as readonly string[]).includes(value);
}

/** Builds an engine by name. Nothing starts until the first job (or the engine's `start()`). */
export function createOcrEngine(name: OcrEngineName, options: OcrEngineOptions = {}): OcrEngine {
  switch (name) {
    case 'tesseract':
      return new TesseractEngine(options.tesseract);
    case 'paddle':
      return new PaddleEngine(options.paddle);
    case 'hybrid':
      return new HybridEngine(
        new PaddleEngine(options.paddle),
        new TesseractEngine(options.tesseract),
        options.hybrid,
      );
  }
}
