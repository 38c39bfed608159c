import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from './worker-task.js';

/**
 * The worker side of {@link runWorkerTask}: answers the one message the thread gets with
 * `handle`'s result (or its error's message) and lets the thread end. Outside a worker thread
 * (a unit test importing the handler) it does nothing.
 */
export function serveWorkerTask<I, T>(
  handle: (input: I) => Promise<T>,
  transferOf: (value: T) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort;
  if (!port) return;
  port.once('message', (input: I) => {
    handle(input).then(
      (value) => port.postMessage({ ok: true, value } satisfies WorkerReply<T>, transferOf(value)),
      (error: unknown) =>
        port.postMessage({
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies WorkerReply<T>),
    );
  });
}
