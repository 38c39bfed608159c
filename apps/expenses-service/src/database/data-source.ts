import { createServiceDataSource } from '@snaptrack/nest-database';
import { BusinessEntity } from '../entities/business-entity.entity.js';
import { CreateExpenses1764547200000 } from './migrations/1764547200000-create-expenses.js';
import { ReceiptJobs1764806400000 } from './migrations/1764806400000-receipt-jobs.js';
import { ExpenseTotals1764979200000 } from './migrations/1764979200000-expense-totals.js';
import { ListIndexes1765065600000 } from './migrations/1765065600000-list-indexes.js';
import { DailyCounts1765152000000 } from './migrations/1765152000000-daily-counts.js';
import { TriggerOrder1765238400000 } from './migrations/1765238400000-trigger-order.js';
import { DropEmptyTotals1765324800000 } from './migrations/1765324800000-drop-empty-totals.js';
import { ReceiptQuota1765420000000 } from './migrations/1765420000000-receipt-quota.js';
import { ReceiptObjects1765500000000 } from './migrations/1765500000000-receipt-objects.js';
import { ExpenseReview1795796517000 } from './migrations/1795796517000-expense-review.js';
import { MultiCurrency1795796800000 } from './migrations/1795796800000-multi-currency.js';
import { RateSourceAndLocale1795796900000 } from './migrations/1795796900000-rate-source-and-locale.js';
import { ReceiptRereads1795797100000 } from './migrations/1795797100000-receipt-rereads.js';
import { ExpenseSearch1795797230000 } from './migrations/1795797230000-expense-search.js';
import { ReceiptFingerprints1795797400000 } from './migrations/1795797400000-receipt-fingerprints.js';
import { ExpenseTax1795797500000 } from './migrations/1795797500000-expense-tax.js';
import { ExpenseParts1795797600000 } from './migrations/1795797600000-expense-parts.js';
import { UndatedExpenses1795797700000 } from './migrations/1795797700000-undated-expenses.js';
import { StoreMemory1795797800000 } from './migrations/1795797800000-store-memory.js';
import { SearchPlans1795797900000 } from './migrations/1795797900000-search-plans.js';
import { DuplicateReasons1795797910000 } from './migrations/1795797910000-duplicate-reasons.js';
import { EXPENSES_SCHEMA } from '../config/env.js';

/**
 * Only the tables used through TypeORM's repository API; expenses and tags are read and written
 * in SQL with row types (docs/architecture.md, Persistence).
 */
export const expensesEntities = [BusinessEntity];
export const expensesMigrations = [
  CreateExpenses1764547200000,
  ReceiptJobs1764806400000,
  ExpenseTotals1764979200000,
  ListIndexes1765065600000,
  DailyCounts1765152000000,
  TriggerOrder1765238400000,
  DropEmptyTotals1765324800000,
  ReceiptQuota1765420000000,
  ReceiptObjects1765500000000,
  ExpenseReview1795796517000,
  MultiCurrency1795796800000,
  RateSourceAndLocale1795796900000,
  ReceiptRereads1795797100000,
  ExpenseSearch1795797230000,
  ReceiptFingerprints1795797400000,
  ExpenseTax1795797500000,
  ExpenseParts1795797600000,
  UndatedExpenses1795797700000,
  StoreMemory1795797800000,
  SearchPlans1795797900000,
  DuplicateReasons1795797910000,
];

export function createExpensesDataSource(url: string) {
  return createServiceDataSource({
    url,
    schema: EXPENSES_SCHEMA,
    entities: expensesEntities,
    migrations: expensesMigrations,
  });
}
