import { OcrTimeoutError } from './ocr-engine.js';

/**
 * Runs async jobs one at a time, in order. A failed job does not stop the ones behind it.
 * Engines use it because a tesseract.js worker or the Paddle child handles one image at a time.
 */
export class JobQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job, job);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * Races `promise` against a timer. On timeout `onTimeout` runs (to kill the stuck worker) and the
 * returned promise rejects with {@link OcrTimeoutError}; the timer never keeps the process alive.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  what: string,
  onTimeout?: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new OcrTimeoutError(what, timeoutMs));
    }, timeoutMs);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
