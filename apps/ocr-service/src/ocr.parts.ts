import type { Provider } from '@nestjs/common';
import type { Logger } from '@snaptrack/nest-logging';
import type { OcrConfig } from './config/env.js';
import { createLlmExtractor } from './extraction/llm-extractor.js';
import { EnginePool } from './ocr/engine-pool.js';
import { createOcrEngine } from './ocr/create-ocr-engine.js';
import { LLM_EXTRACTOR } from './tokens.js';

/** One engine per worker; engines load their models on the first receipt. */
export function createEnginePool(config: OcrConfig): EnginePool {
  const engines = Array.from({ length: config.OCR_WORKERS }, () =>
    createOcrEngine(config.OCR_ENGINE, {
      tesseract: {
        languages: config.OCR_LANGUAGES,
        jobTimeoutMs: config.OCR_JOB_TIMEOUT_MS,
        recycleAfterJobs: config.OCR_RECYCLE_AFTER_JOBS,
      },
      paddle: {
        jobTimeoutMs: config.OCR_JOB_TIMEOUT_MS,
        recycleAfterJobs: config.OCR_RECYCLE_AFTER_JOBS,
      },
    }),
  );
  return new EnginePool(engines);
}

/** Model extraction when OPENAI_API_KEY or OPENAI_BASE_URL is set, otherwise null (rules only). */
function createModelExtractor(config: OcrConfig, logger: Logger) {
  const extractor = createLlmExtractor(config, logger);
  if (extractor) {
    logger.info(
      {
        model: config.OPENAI_MODEL,
        baseUrl: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
      },
      'model extraction on',
    );
  }
  return extractor;
}

/** ocr-service's parts made from its config: the engine pool and the model extractor. */
export function ocrParts(config: OcrConfig, logger: Logger): Provider[] {
  return [
    { provide: EnginePool, useValue: createEnginePool(config) },
    { provide: LLM_EXTRACTOR, useFactory: () => createModelExtractor(config, logger) },
  ];
}
