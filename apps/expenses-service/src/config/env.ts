import { z } from 'zod';
import { loadConfigOrExit, serviceEnv, storageEnv, orphanSweepEnv } from '@snaptrack/nest-config';

export const expensesEnv = serviceEnv
  .extend(storageEnv.shape)
  .extend(orphanSweepEnv.shape)
  .extend({
    /**
     * How many computed summaries, statistics and list counts a replica keeps (each valid until
     * the user's expenses change); 0 computes every request afresh.
     */
    RESULT_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
    /** Quota: receipts one user may upload in any hour (mailed ones have their own, mail-ingest's). */
    UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
    /** Quota: bytes of receipt files (uploaded and mailed) one user may keep; default 5 GB. */
    STORAGE_BYTES_PER_USER: z.coerce
      .number()
      .int()
      .min(1)
      .default(5 * 1024 ** 3),
  });

export type ExpensesConfig = z.infer<typeof expensesEnv>;

export const EXPENSES_SCHEMA = 'expenses';

export function loadExpensesConfig(): ExpensesConfig {
  return loadConfigOrExit('expenses-service', expensesEnv);
}
