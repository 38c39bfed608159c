import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import { JobQueue, withTimeout } from './job-queue.js';
import {
  OcrEngineClosedError,
  OcrEngineError,
  OcrError,
  type OcrEngine,
  type OcrLine,
  type OcrResult,
} from './ocr-engine.js';

export interface TesseractEngineOptions {
  /** Folder holding `eng.traineddata.gz`. Default: `@tesseract.js-data/eng/4.0.0_best_int`. */
  langPath?: string;
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

function toLines(page: Tesseract.Page): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.trim();
        if (!text) continue;
        const { x0, y0, x1, y1 } = line.bbox;
        lines.push({
          text,
          confidence: line.confidence / 100,
          box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
        });
      }
    }
  }
  return lines;
}

/** tesseract.js 7 in a worker thread, English model loaded from disk (never from a CDN). */
export class TesseractEngine implements OcrEngine {
  readonly name = 'tesseract';
  /** Real receipts read upright at 0.55 to 0.89 (40 SROIE receipts); upside down about 0.3. */
  readonly doubtfulBelow = 0.5;
  private readonly langPath: string;
  private readonly createTimeoutMs: number;
  private readonly jobTimeoutMs: number;
  private readonly recycleAfterJobs: number;
  private readonly queue = new JobQueue();
  private worker: Promise<Tesseract.Worker> | null = null;
  private jobsOnWorker = 0;
  private closed = false;

  constructor(private readonly options: TesseractEngineOptions = {}) {
    this.langPath = options.langPath ?? defaultTesseractLangPath();
    this.createTimeoutMs = options.createTimeoutMs ?? 30_000;
    this.jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
    this.recycleAfterJobs = options.recycleAfterJobs ?? 100;
  }

  /** Creates the worker now instead of on the first job (call at boot to fail fast). */
  async start(): Promise<void> {
    await this.queue.run(() => this.getWorker());
  }

  recognize(image: Buffer): Promise<OcrResult> {
    return this.queue.run(async () => {
      const worker = await this.getWorker();
      try {
        const { data } = await withTimeout(
          worker.recognize(image, {}, { text: true, blocks: true }),
          this.jobTimeoutMs,
          'tesseract recognize',
          () => void this.discardWorker(),
        );
        this.jobsOnWorker++;
        if (this.jobsOnWorker >= this.recycleAfterJobs) await this.discardWorker();
        return { text: data.text, confidence: data.confidence / 100, lines: toLines(data) };
      } catch (error) {
        // The worker's state is unknown after a failure: start the next job on a fresh one.
        await this.discardWorker();
        if (error instanceof OcrError) throw error;
        throw new OcrEngineError(`tesseract failed: ${String(error)}`, { cause: error });
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue.run(() => this.discardWorker());
  }

  private getWorker(): Promise<Tesseract.Worker> {
    if (this.closed) return Promise.reject(new OcrEngineClosedError(this.name));
    if (!this.worker) {
      this.jobsOnWorker = 0;
      this.worker = this.createWorker();
      this.worker.catch(() => (this.worker = null));
    }
    return this.worker;
  }

  private async createWorker(): Promise<Tesseract.Worker> {
    const modelFile = path.join(this.langPath, 'eng.traineddata.gz');
    try {
      await access(modelFile);
    } catch (error) {
      throw new OcrEngineError(`tesseract model not found at ${modelFile}`, { cause: error });
    }
    const create = this.options.createWorker ?? Tesseract.createWorker;
    let failCreation: (error: unknown) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (failCreation = reject));
    const created = create('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath: this.langPath,
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

  private async discardWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    try {
      await (await worker).terminate();
    } catch {
      // Creation failed or the thread is already gone: nothing to free.
    }
  }
}
