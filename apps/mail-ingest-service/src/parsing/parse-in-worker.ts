import { Worker } from 'node:worker_threads';
import type { ParsedReceiptMail } from './parse-mail.js';

export interface ParseLimits {
  timeoutMs: number;
  maxHeapMb: number;
}

/** Why a message could not be read; it is recorded, never retried (the bytes will not change). */
export class MailParseError extends Error {}

type WorkerReply = { ok: true; result: ParsedReceiptMail } | { ok: false; error: string };

/**
 * Parses untrusted mail in a worker thread with a wall-clock limit and a heap limit, so a
 * MIME bomb or a regex-hungry body costs one terminated worker, never the service.
 */
export function parseInWorker(raw: Uint8Array, limits: ParseLimits): Promise<ParsedReceiptMail> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.js', import.meta.url), {
      workerData: raw,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new MailParseError('reading the message took too long'))),
      limits.timeoutMs,
    );
    worker.once('message', (reply: WorkerReply) =>
      finish(() =>
        reply.ok ? resolve(reply.result) : reject(new MailParseError(reply.error || 'malformed')),
      ),
    );
    worker.once('error', (error) =>
      finish(() =>
        reject(
          new MailParseError(
            (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? 'the message needs too much memory to read'
              : error.message,
          ),
        ),
      ),
    );
    worker.once('exit', () =>
      finish(() => reject(new MailParseError('the reader stopped unexpectedly'))),
    );
  });
}
