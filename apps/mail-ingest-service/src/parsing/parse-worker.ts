import { parentPort, workerData } from 'node:worker_threads';
import { parseReceiptMail } from './parse-mail.js';

/** Worker-thread entry: parses one raw message and posts the result (or the reason it failed). */
const raw = workerData as Uint8Array;
parseReceiptMail(raw).then(
  (result) =>
    parentPort?.postMessage(
      { ok: true, result },
      result.attachments.map((file) => file.content.buffer as ArrayBuffer),
    ),
  (error: unknown) =>
    parentPort?.postMessage({
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    }),
);
