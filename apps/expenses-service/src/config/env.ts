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
    /**
     * A rates source in the Frankfurter JSON format (`{"base","date","rates"}`, e.g.
     * https://api.frankfurter.dev/v1/latest): fills the rate of a foreign expense that has none
     * entered. Off when unset.
     */
    EXCHANGE_RATES_URL: z
      .url({ protocol: /^https?$/, message: 'EXCHANGE_RATES_URL must be an http(s) URL.' })
      .optional(),
    /** How long one fetch of the rates may take before it counts as failed. */
    EXCHANGE_RATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** How long fetched rates are used before they are fetched again (and a failure retried). */
    EXCHANGE_RATES_REFRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
  });

export type ExpensesConfig = z.infer<typeof expensesEnv>;

export const EXPENSES_SCHEMA = 'expenses';

export function loadExpensesConfig(): ExpensesConfig {
  return loadConfigOrExit('expenses-service', expensesEnv);
}
