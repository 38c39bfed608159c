import type { OcrLanguage } from './languages.js';
import type { OcrEngine, OcrResult, RecognizeOptions } from './ocr-engine.js';

/**
 * N engines, each reading one image at a time: a job takes a free engine or waits for one.
 * The queue's prefetch equals N, so waiting is rare (only around a restart).
 */
export class EnginePool {
  private readonly free: OcrEngine[];
  private readonly waiting: ((engine: OcrEngine) => void)[] = [];

  constructor(private readonly engines: readonly OcrEngine[]) {
    this.free = [...engines];
  }

  get size(): number {
    return this.engines.length;
  }

  get name(): string {
    return this.engines[0]?.name ?? 'none';
  }

  get languages(): readonly OcrLanguage[] | undefined {
    return this.engines[0]?.languages;
  }

  get doubtfulBelow(): number {
    return this.engines[0]?.doubtfulBelow ?? 0;
  }

  async recognize(image: Buffer, options?: RecognizeOptions): Promise<OcrResult> {
    const engine = await this.take();
    try {
      return await engine.recognize(image, options);
    } finally {
      this.give(engine);
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.engines.map((engine) => engine.close()));
  }

  private take(): Promise<OcrEngine> {
    const engine = this.free.pop();
    if (engine) return Promise.resolve(engine);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(engine: OcrEngine): void {
    const next = this.waiting.shift();
    if (next) next(engine);
    else this.free.push(engine);
  }
}
