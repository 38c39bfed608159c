import 'reflect-metadata';
import { defineService } from '@snaptrack/nest-rmq';
import { EXPENSES_SCHEMA, loadExpensesConfig } from './config/env.js';
import { expensesEntities, expensesMigrations } from './database/data-source.js';
import { AccountsController } from './accounts/accounts.controller.js';
import { VersionedCache } from './cache/versioned-cache.js';
import { AccountsService } from './accounts/accounts.service.js';
import { EntitiesController } from './entities/entities.controller.js';
import { EntitiesService } from './entities/entities.service.js';
import { ExpensesController } from './expenses/expenses.controller.js';
import { ExpensesService } from './expenses/expenses.service.js';
import { ExpenseRemovalService } from './expenses/expense-removal.service.js';
import { OrphanSweeper } from './storage/orphan-sweeper.js';
import { ExportController } from './export/export.controller.js';
import { ExportService } from './export/export.service.js';
import { SettingsController } from './settings/settings.controller.js';
import { SettingsService } from './settings/settings.service.js';
import { StatisticsController } from './statistics/statistics.controller.js';
import { StatisticsService } from './statistics/statistics.service.js';
import { TagsController } from './tags/tags.controller.js';
import { TagsService } from './tags/tags.service.js';
import { ReceiptsController } from './receipts/receipts.controller.js';
import { ReceiptsService } from './receipts/receipts.service.js';
import { ReceiptQuota } from './receipts/receipt-quota.js';
import { HomeCurrencyController } from './currency/home-currency.controller.js';
import { HomeCurrencyService } from './currency/home-currency.service.js';
import { RatesSource } from './currency/rates-source.js';
import { StoresController } from './stores/stores.controller.js';
import { StoresService } from './stores/stores.service.js';
import { EXPENSES_CONFIG } from './tokens.js';

/** expenses-service, declared for the service kit (docs/development.md, Adding a service). */
export const expensesService = defineService({
  name: 'expenses',
  loadConfig: loadExpensesConfig,
  configToken: EXPENSES_CONFIG,
  schema: { name: EXPENSES_SCHEMA, entities: expensesEntities, migrations: expensesMigrations },
  outbox: true,
  storage: {},
  controllers: [
    AccountsController,
    ExpensesController,
    EntitiesController,
    TagsController,
    SettingsController,
    HomeCurrencyController,
    StatisticsController,
    ReceiptsController,
    ExportController,
    StoresController,
  ],
  providers: [
    VersionedCache,
    AccountsService,
    ExpensesService,
    EntitiesService,
    TagsService,
    SettingsService,
    RatesSource,
    HomeCurrencyService,
    StatisticsService,
    ReceiptQuota,
    ReceiptsService,
    ExportService,
    ExpenseRemovalService,
    StoresService,
  ],
  jobs: [OrphanSweeper],
  prefetch: 20,
});
