import os from 'node:os';
import { z } from 'zod';
import { loadConfigOrExit, serviceEnv, storageEnv } from '@snaptrack/nest-config';
import { OCR_ENGINE_NAMES, type OcrEngineName } from '../ocr/engine-names.js';
import { OCR_LANGUAGES } from '../ocr/languages.js';

/**
 * Receipts read at once when OCR_WORKERS is unset. tesseract.js uses one core per worker: one per
 * core, one core left for the rest of the process (OCR is CPU-bound: more workers than cores would
 * only queue). PaddleOCR (hybrid, paddle) runs two onnxruntime threads and takes about 1.5 GB per
 * worker: one per two cores.
 */
export function defaultOcrWorkers(engine: OcrEngineName, cores = os.availableParallelism()) {
  return Math.max(1, engine === 'tesseract' ? cores - 1 : Math.floor(cores / 2));
}

/** An optional variable: unset and empty both mean "not configured". */
const optional = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(1).optional(),
);

export const ocrEnv = serviceEnv.extend(storageEnv.shape).extend({
  /**
   * Which engine reads receipts. hybrid by default: on 40 real receipts on a quiet 2-core machine
   * it read every total and date right (tesseract alone: 85% and 87.5%) in 1.6 s p50 (docs/benchmarks.md,
   * OCR engines, has the figures). It needs about 1.5 GB; `tesseract` is the light choice.
   */
  OCR_ENGINE: z.enum(OCR_ENGINE_NAMES as [OcrEngineName, ...OcrEngineName[]]).default('hybrid'),
  /** Receipts read at once; the queue's prefetch equals it. Default: `defaultOcrWorkers`. */
  OCR_WORKERS: z.coerce.number().int().min(1).max(32).optional(),
  /** Limit per receipt; a job that takes longer fails with a reason (and can be retried). */
  OCR_JOB_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(90_000),
  /**
   * Tesseract languages a receipt may be read in (its account's locale, or the language it
   * speaks), comma-separated; English is always there. Each loads on first use (about 115 MB
   * per worker). `eng` reads everything in English, as before these existed.
   */
  OCR_LANGUAGES: z
    .string()
    .default(OCR_LANGUAGES.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(OCR_LANGUAGES)).min(1)),
  /** Engines are replaced after this many receipts: their wasm heaps only grow. */
  OCR_RECYCLE_AFTER_JOBS: z.coerce.number().int().min(1).default(100),
  /**
   * Model extraction (docs/ocr.md): on when either is set. A key alone talks to OpenAI; a
   * base URL alone to an OpenAI-compatible server such as Ollama (`http://127.0.0.1:11434/v1`)
   * or vLLM. The rules' result stays the fallback.
   */
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  OPENAI_MODEL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(1).default('gpt-4o-mini'),
  ),
  /** The whole model step per receipt, retries included; past it the rules' result is used. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Retries of a failed request (429, 5xx, connection error) within OPENAI_TIMEOUT_MS. */
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
});

/** The environment with the engine's worker count filled in. */
const ocrConfig = ocrEnv.transform((env) => ({
  ...env,
  OCR_WORKERS: env.OCR_WORKERS ?? defaultOcrWorkers(env.OCR_ENGINE),
}));

export type OcrConfig = z.infer<typeof ocrConfig>;

export const OCR_SCHEMA = 'ocr';

export function loadOcrConfig(): OcrConfig {
  return loadConfigOrExit('ocr-service', ocrConfig);
}
