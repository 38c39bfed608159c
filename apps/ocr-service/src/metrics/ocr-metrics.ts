import client from 'prom-client';
import sharp from 'sharp';
// The metrics entry alone: the package's barrel loads Nest and the bus (seconds per unit test).
import { DURATION_BUCKETS, sharedMetric } from '@snaptrack/nest-rmq/metrics';

// ocr-service's metrics (docs/operations.md, Metrics); its queue wait is the bus's
// snaptrack_bus_queue_wait_seconds{pattern="ocr.receipt.process.v1"}.

const jobDuration = sharedMetric(
  'snaptrack_ocr_job_duration_seconds',
  () =>
    new client.Histogram({
      name: 'snaptrack_ocr_job_duration_seconds',
      help: 'Receipts read, from loading the file to the result: by engine and outcome',
      labelNames: ['engine', 'outcome'],
      buckets: DURATION_BUCKETS,
    }),
);

const pagesRead = sharedMetric(
  'snaptrack_ocr_pages_read_total',
  () =>
    new client.Counter({
      name: 'snaptrack_ocr_pages_read_total',
      help: 'Images the OCR engine read (a receipt may take several: turned pages are read again)',
      labelNames: ['engine'],
    }),
);

const pixelsRead = sharedMetric(
  'snaptrack_ocr_pixels_read_total',
  () =>
    new client.Counter({
      name: 'snaptrack_ocr_pixels_read_total',
      help: 'Pixels of the images the OCR engine read',
      labelNames: ['engine'],
    }),
);

const workerRestarts = sharedMetric(
  'snaptrack_ocr_worker_restarts_total',
  () =>
    new client.Counter({
      name: 'snaptrack_ocr_worker_restarts_total',
      help: 'OCR worker processes started again after one died, hung or was recycled',
      labelNames: ['engine'],
    }),
);

export const ocrMetrics = {
  job(engine: string, outcome: string, seconds: number): void {
    jobDuration.observe({ engine, outcome }, seconds);
  },
  /** Counts one image read; its size from the header only (no decoding). */
  async page(engine: string, image: Buffer): Promise<void> {
    pagesRead.inc({ engine });
    try {
      const { width, height } = await sharp(image).metadata();
      if (width && height) pixelsRead.inc({ engine }, width * height);
    } catch {
      // Not an image sharp knows: the engine will say so; only the pixel count is missing.
    }
  },
  workerRestarted(engine: string): void {
    workerRestarts.inc({ engine });
  },
};
