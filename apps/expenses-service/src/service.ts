import { defineService } from '@snaptrack/nest-rmq';
import { EXPENSES_SCHEMA, loadExpensesConfig } from './config/env.js';
import { expensesEntities, expensesMigrations } from './database/data-source.js';
import { accounts } from './accounts/accounts.feature.js';
import { VersionedCache } from './cache/versioned-cache.js';
import { currency } from './currency/currency.feature.js';
import { entities } from './entities/entities.feature.js';
import { expenses } from './expenses/expenses.feature.js';
import { exportRows } from './export/export.feature.js';
import { receipts } from './receipts/receipts.feature.js';
import { settings } from './settings/settings.feature.js';
import { stats } from './statistics/statistics.feature.js';
import { OrphanSweeper } from './storage/orphan-sweeper.js';
import { stores } from './stores/stores.feature.js';
import { tags } from './tags/tags.feature.js';
import { EXPENSES_CONFIG } from './tokens.js';

/** expenses-service for the service kit; each feature is wired in its folder (`*.feature.ts`). */
export const expensesService = defineService({
  name: 'expenses',
  config: { load: loadExpensesConfig, token: EXPENSES_CONFIG },
  schema: { name: EXPENSES_SCHEMA, entities: expensesEntities, migrations: expensesMigrations },
  outbox: true,
  storage: {},
  features: [
    accounts,
    expenses,
    entities,
    tags,
    settings,
    currency,
    stats,
    receipts,
    exportRows,
    stores,
  ],
  providers: [VersionedCache],
  jobs: [OrphanSweeper],
  prefetch: 20,
});
