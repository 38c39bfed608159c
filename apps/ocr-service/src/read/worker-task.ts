import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

/**
 * Where a worker's code lives. Production passes the compiled `*-worker.js` beside the caller;
 * unit tests (which run the TypeScript sources) pass a helper that compiles the source on load.
 */
export interface WorkerScript {
  url: URL;
  workerData?: unknown;
}

export interface WorkerTaskOptions {
  /** Wall-clock limit; on expiry the thread is terminated and the task fails. */
  timeoutMs: number;
  /** Heap caps of the thread (V8 aborts the thread, not the process, when one is exceeded). */
  resourceLimits?: ResourceLimits;
  transferList?: readonly TransferListItem[];
}

export type WorkerTaskErrorCode = 'WORKER_TIMEOUT' | 'WORKER_FAILED';

/** The thread ran out of time, died, or reported an error it did not map to an answer. */
export class WorkerTaskError extends Error {
  constructor(
    readonly code: WorkerTaskErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** What a task script posts back: its answer, or the message of the error it threw. */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Runs one task in a fresh worker thread: posts `input`, waits for one reply, then ends the
 * thread. Decoders of untrusted files run here, never on the service's main thread, so a
 * runaway file costs one thread for at most `timeoutMs` and cannot block the event loop (the
 * queue's heartbeats, the other receipts being read).
 */
export function runWorkerTask<I, T>(
  script: WorkerScript,
  input: I,
  options: WorkerTaskOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const worker = new Worker(script.url, {
      workerData: script.workerData,
      resourceLimits: options.resourceLimits,
      stdout: false,
      stderr: false,
    });
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new WorkerTaskError('WORKER_TIMEOUT', `worker task took over ${options.timeoutMs} ms`),
          ),
        ),
      options.timeoutMs,
    );
    timer.unref();
    worker.once('message', (reply: WorkerReply<T>) =>
      finish(() =>
        reply.ok ? resolve(reply.value) : reject(new WorkerTaskError('WORKER_FAILED', reply.error)),
      ),
    );
    worker.once('error', (error) =>
      finish(() =>
        reject(
          new WorkerTaskError('WORKER_FAILED', `worker task failed: ${error.message}`, {
            cause: error,
          }),
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() =>
        reject(
          new WorkerTaskError('WORKER_FAILED', `worker exited (code ${code}) without an answer`),
        ),
      ),
    );
    worker.postMessage(input, options.transferList);
  });
}
