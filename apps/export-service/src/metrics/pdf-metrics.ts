import client from 'prom-client';
import { DURATION_BUCKETS, sharedMetric } from '@snaptrack/nest-rmq';

// export-service's metrics (docs/operations.md, Metrics).

const jobDuration = sharedMetric(
  'snaptrack_pdf_job_duration_seconds',
  () =>
    new client.Histogram({
      name: 'snaptrack_pdf_job_duration_seconds',
      help: 'Receipt PDF jobs, from claiming the job to the stored file: by outcome',
      labelNames: ['outcome'],
      // A PDF of hundreds of receipts takes minutes.
      buckets: [...DURATION_BUCKETS, 120, 300, 600],
    }),
);

const pdfSize = sharedMetric(
  'snaptrack_pdf_size_bytes',
  () =>
    new client.Histogram({
      name: 'snaptrack_pdf_size_bytes',
      help: 'Size of the receipt PDFs made',
      buckets: client.exponentialBuckets(64 * 1024, 4, 8), // 64 KiB … 1 GiB
    }),
);

export const pdfMetrics = {
  job(outcome: 'completed' | 'failed', seconds: number): void {
    jobDuration.observe({ outcome }, seconds);
  },
  size(bytes: number): void {
    pdfSize.observe(bytes);
  },
};
