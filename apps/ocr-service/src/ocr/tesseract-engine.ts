import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import { JobQueue, withTimeout } from './job-queue.js';
import { OCR_LANGUAGES, tesseractLangPath, type OcrLanguage } from './languages.js';
import {
  OcrEngineClosedError,
  OcrEngineError,
  OcrError,
  type OcrEngine,
  type OcrLine,
  type OcrResult,
  type RecognizeOptions,
} from './ocr-engine.js';

export interface TesseractEngineOptions {
  /**
   * Folder holding `<code>.traineddata.gz` per language. Default: each language's own package,
   * `@tesseract.js-data/<code>/4.0.0_best_int`.
   */
  langPath?: string | ((language: OcrLanguage) => string);
  /** The languages it may load (English always). Default: every one of `OCR_LANGUAGES`. */
  languages?: readonly OcrLanguage[];
  /** Limit for `createWorker`, which never settles when the model cannot be loaded. */
  createTimeoutMs?: number;
  /** Limit per recognised image; on expiry the worker is terminated and replaced. */
  jobTimeoutMs?: number;
  /** Replace the worker after this many jobs: its wasm heap only grows (tesseract.js #977). */
  recycleAfterJobs?: number;
  /** Tesseract page segmentation mode (`tessedit_pageseg_mode`); default tesseract's own (3). */
  pageSegMode?: Tesseract.PSM;
  /** Test seam: replaces `Tesseract.createWorker`. */
  createWorker?: typeof Tesseract.createWorker;
}

/** The LSTM-only model: faster start and ~190 MiB less RSS than the `4.0.0` legacy+LSTM data. */
export function defaultTesseractLangPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');
}

/** At most this many languages have a worker at once (English and the last other one). */
const MAX_WORKERS = 2;

interface LanguageWorker {
  worker: Promise<Tesseract.Worker>;
  jobs: number;
}

function toLines(page: Tesseract.Page): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.trim();
        if (!text) continue;
        const { x0, y0, x1, y1 } = line.bbox;
        const base = line.baseline;
        lines.push({
          text,
          confidence: line.confidence / 100,
          box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
          ...(base && base.x1 > base.x0
            ? { slope: (base.y1 - base.y0) / (base.x1 - base.x0) }
            : {}),
        });
      }
    }
  }
  return lines;
}

/**
 * tesseract.js 7 in worker threads, models loaded from disk (never from a CDN): English from the
 * start, another language's worker only when a receipt asks for it (then kept beside English).
 */
export class TesseractEngine implements OcrEngine {
  readonly name = 'tesseract';
  /** Real receipts read upright at 0.55 to 0.89 (40 SROIE receipts); upside down about 0.3. */
  readonly doubtfulBelow = 0.5;
  readonly languages: readonly OcrLanguage[];
  private readonly langPath: (language: OcrLanguage) => string;
  private readonly createTimeoutMs: number;
  private readonly jobTimeoutMs: number;
  private readonly recycleAfterJobs: number;
  private readonly queue = new JobQueue();
  /** Workers by language, the most recently used last. */
  private readonly workers = new Map<OcrLanguage, LanguageWorker>();
  private closed = false;

  constructor(private readonly options: TesseractEngineOptions = {}) {
    this.languages = ['eng', ...(options.languages ?? OCR_LANGUAGES).filter((l) => l !== 'eng')];
    const langPath = options.langPath;
    this.langPath =
      typeof langPath === 'function'
        ? langPath
        : langPath
          ? () => langPath
          : (language) =>
              language === 'eng' ? defaultTesseractLangPath() : tesseractLangPath(language);
    this.createTimeoutMs = options.createTimeoutMs ?? 30_000;
    this.jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
    this.recycleAfterJobs = options.recycleAfterJobs ?? 100;
  }

  /** Creates the worker now instead of on the first job (call at boot to fail fast). */
  async start(): Promise<void> {
    await this.queue.run(() => this.getWorker('eng'));
  }

  recognize(image: Buffer, options: RecognizeOptions = {}): Promise<OcrResult> {
    // A language it was not given reads in English, as a receipt without a hint does.
    const language =
      options.language && this.languages.includes(options.language) ? options.language : 'eng';
    return this.queue.run(async () => {
      const worker = await this.getWorker(language);
      try {
        const { data } = await withTimeout(
          worker.recognize(image, {}, { text: true, blocks: true }),
          this.jobTimeoutMs,
          'tesseract recognize',
          () => void this.discardWorker(language),
        );
        const entry = this.workers.get(language);
        if (entry && ++entry.jobs >= this.recycleAfterJobs) await this.discardWorker(language);
        return {
          text: data.text,
          confidence: data.confidence / 100,
          lines: toLines(data),
          language,
        };
      } catch (error) {
        // The worker's state is unknown after a failure: start the next job on a fresh one.
        await this.discardWorker(language);
        if (error instanceof OcrError) throw error;
        throw new OcrEngineError(`tesseract failed: ${String(error)}`, { cause: error });
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue.run(() =>
      Promise.all([...this.workers.keys()].map((language) => this.discardWorker(language))),
    );
  }

  /** The languages that have a worker now, least recently used first (for tests and logs). */
  get loadedLanguages(): OcrLanguage[] {
    return [...this.workers.keys()];
  }

  private async getWorker(language: OcrLanguage): Promise<Tesseract.Worker> {
    if (this.closed) throw new OcrEngineClosedError(this.name);
    const existing = this.workers.get(language);
    if (existing) {
      // Most recently used last.
      this.workers.delete(language);
      this.workers.set(language, existing);
      return existing.worker;
    }
    // Room for the new one: the least recently used language other than English goes first.
    while (this.workers.size >= MAX_WORKERS) {
      const victim =
        [...this.workers.keys()].find((l) => l !== 'eng') ?? [...this.workers.keys()][0];
      if (victim === undefined) break;
      await this.discardWorker(victim);
    }
    const worker = this.createWorker(language);
    const entry: LanguageWorker = { worker, jobs: 0 };
    this.workers.set(language, entry);
    worker.catch(() => {
      if (this.workers.get(language) === entry) this.workers.delete(language);
    });
    return worker;
  }

  private async createWorker(language: OcrLanguage): Promise<Tesseract.Worker> {
    const langPath = this.langPath(language);
    const modelFile = path.join(langPath, `${language}.traineddata.gz`);
    try {
      await access(modelFile);
    } catch (error) {
      throw new OcrEngineError(`tesseract model not found at ${modelFile}`, { cause: error });
    }
    const create = this.options.createWorker ?? Tesseract.createWorker;
    let failCreation: (error: unknown) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (failCreation = reject));
    const created = create(language, Tesseract.OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler a worker error is re-thrown as an uncaught exception (tesseract.js #528).
      // During creation it is the only signal: createWorker itself then never settles.
      errorHandler: (error: unknown) => failCreation(error),
    });
    const worker = await withTimeout(
      Promise.race([created, failed]),
      this.createTimeoutMs,
      'tesseract createWorker',
    ).catch((error: unknown) => {
      // If creation finishes after we gave up, do not leak the worker thread.
      created.then((w) => w.terminate()).catch(() => undefined);
      if (error instanceof OcrError) throw error;
      throw new OcrEngineError(`tesseract createWorker failed: ${String(error)}`, {
        cause: error,
      });
    });
    failCreation = () => undefined;
    if (this.options.pageSegMode !== undefined) {
      await worker.setParameters({ tessedit_pageseg_mode: this.options.pageSegMode });
    }
    return worker;
  }

  private async discardWorker(language: OcrLanguage): Promise<void> {
    const entry = this.workers.get(language);
    this.workers.delete(language);
    if (!entry) return;
    try {
      await (await entry.worker).terminate();
    } catch {
      // Creation failed or the thread is already gone: nothing to free.
    }
  }
}
