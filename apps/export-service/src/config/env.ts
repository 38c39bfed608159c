import { z } from 'zod';
import { loadConfigOrExit, serviceEnv, storageEnv } from '@snaptrack/nest-config';

export const exportEnv = serviceEnv.extend(storageEnv.shape).extend({
  /** How long a finished receipt PDF stays downloadable before file and job are deleted. */
  PDF_RETENTION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(60 * 24),
  /** How often expired PDFs are looked for; at most a quarter of the retention is used. */
  PDF_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
  /** The most receipts one PDF may hold (one a page): beyond it the export asks for filters. */
  PDF_MAX_RECEIPTS: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** PDF jobs made at once by one replica (the queue's prefetch is higher, for status calls). */
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Receipt PDFs one user may have queued or in the making at once (quota: 429 beyond it). */
  PDF_JOBS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
});

export type ExportConfig = z.infer<typeof exportEnv>;

/** The schema this service owns (role `export`; see deploy/postgres/init.sql). */
export const EXPORT_SCHEMA = 'export';

export function loadExportConfig(): ExportConfig {
  return loadConfigOrExit('export-service', exportEnv);
}
