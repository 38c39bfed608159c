import { z } from 'zod';
import { loadConfigOrExit, serviceEnv } from '@snaptrack/nest-config';

export const expensesEnv = serviceEnv.extend({
  /**
   * How many computed summaries, statistics and list counts a replica keeps (each valid until
   * the user's expenses change); 0 computes every request afresh.
   */
  RESULT_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
});

export type ExpensesConfig = z.infer<typeof expensesEnv>;

export const EXPENSES_CONFIG = Symbol('EXPENSES_CONFIG');
export const EXPENSES_SCHEMA = 'expenses';

export function loadExpensesConfig(): ExpensesConfig {
  return loadConfigOrExit('expenses-service', expensesEnv);
}
