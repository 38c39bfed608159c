import { z } from 'zod';
import { loadConfigOrExit, serviceEnv } from '@snaptrack/nest-config';

export const expensesEnv = serviceEnv;

export type ExpensesConfig = z.infer<typeof expensesEnv>;

export const EXPENSES_CONFIG = Symbol('EXPENSES_CONFIG');
export const EXPENSES_SCHEMA = 'expenses';

export function loadExpensesConfig(): ExpensesConfig {
  return loadConfigOrExit('expenses-service', expensesEnv);
}
