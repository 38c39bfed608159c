import sharp from 'sharp';
import { runWorkerTask, WorkerTaskError, type WorkerScript } from '../read/worker-task.js';
import type { HeicContent, HeicWorkerInput } from './heic-worker.js';
import {
  ImageDecodeError,
  ImageDecodeTimeoutError,
  ImageTooLargeError,
} from './preprocess.errors.js';

export interface HeicDecoderOptions {
  /** Limit for decoding one file. Default 30 s. */
  timeoutMs?: number;
  /** Test seam: the worker script. Default: the compiled `heic-worker.js` beside this file. */
  script?: WorkerScript;
}

export const HEIC_WORKER_SCRIPT: WorkerScript = {
  url: new URL('./heic-worker.js', import.meta.url),
};

/**
 * HEIC (iPhone photos) to PNG for the usual preprocessing. The wasm decoder runs in a worker
 * thread of its own with a time cap and a heap cap: it decodes synchronously, and a slow or
 * hostile file must not stall the service's event loop (the queue, the other receipts).
 */
export function heicDecoder(maxPixels: number, options: HeicDecoderOptions = {}) {
  const { timeoutMs = 30_000, script = HEIC_WORKER_SCRIPT } = options;
  return async (input: Buffer): Promise<Buffer> => {
    const bytes = new Uint8Array(input);
    let content: HeicContent;
    try {
      content = await runWorkerTask<HeicWorkerInput, HeicContent>(
        script,
        { bytes, maxPixels },
        {
          timeoutMs,
          // The decoded pixels live in the wasm heap and in transferred buffers, outside it.
          resourceLimits: { maxOldGenerationSizeMb: 256 },
          transferList: [bytes.buffer],
        },
      );
    } catch (error) {
      if (error instanceof WorkerTaskError && error.code === 'WORKER_TIMEOUT') {
        throw new ImageDecodeTimeoutError('heic', timeoutMs, { cause: error });
      }
      throw new ImageDecodeError(`Could not decode heic image: ${String(error)}`, { cause: error });
    }
    switch (content.kind) {
      case 'tooLarge':
        throw new ImageTooLargeError(content.pixels, maxPixels);
      case 'corrupt':
        throw new ImageDecodeError(`Could not decode heic image: ${content.detail}`);
      case 'image':
        return sharp(content.rgba, {
          raw: { width: content.width, height: content.height, channels: 4 },
        })
          .png()
          .toBuffer();
    }
  };
}
