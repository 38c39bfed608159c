import type { OcrEngineName } from './engine-names.js';
import { HybridEngine, type HybridEngineOptions } from './hybrid-engine.js';
import type { OcrEngine } from './ocr-engine.js';
import { PaddleEngine, type PaddleEngineOptions } from './paddle-engine.js';
import { TesseractEngine, type TesseractEngineOptions } from './tesseract-engine.js';

export interface OcrEngineOptions {
  tesseract?: TesseractEngineOptions;
  paddle?: PaddleEngineOptions;
  hybrid?: HybridEngineOptions;
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
