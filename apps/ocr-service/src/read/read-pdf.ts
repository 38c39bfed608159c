import { runWorkerTask, type WorkerScript } from './worker-task.js';
import type { PdfContent, PdfReadOptions } from './pdf-reader.js';
import type { PdfWorkerInput } from './pdf-worker.js';

export interface ReadPdfOptions extends PdfReadOptions {
  /** Limit for parsing, text and rendering together. Default 30 s. */
  timeoutMs?: number;
  /** Test seam: the worker script. Default: the compiled `pdf-worker.js` beside this file. */
  script?: WorkerScript;
}

export const PDF_WORKER_SCRIPT: WorkerScript = { url: new URL('./pdf-worker.js', import.meta.url) };

/**
 * {@link readPdf} in a worker thread of its own, with a time cap and a heap cap, so that a
 * hostile or huge PDF neither blocks the service's event loop nor outlives its budget.
 * Rejects with a `WorkerTaskError` on timeout or crash.
 */
export function readPdfInWorker(bytes: Buffer, options: ReadPdfOptions = {}): Promise<PdfContent> {
  const { timeoutMs = 30_000, script = PDF_WORKER_SCRIPT, ...readOptions } = options;
  // A copy the thread can own: the caller's Buffer may be a view into a shared pool.
  const own = new Uint8Array(bytes);
  return runWorkerTask<PdfWorkerInput, PdfContent>(
    script,
    { bytes: own, options: readOptions },
    {
      timeoutMs,
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      transferList: [own.buffer],
    },
  );
}
