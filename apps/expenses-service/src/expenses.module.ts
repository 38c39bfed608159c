import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@snaptrack/nest-database';
import { objectStorageProvider } from '@snaptrack/nest-config';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { createPingController, outboxBusProviders } from '@snaptrack/nest-rmq';
import { EXPENSES_SCHEMA, type ExpensesConfig } from './config/env.js';
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
import { EXPENSES_CONFIG } from './tokens.js';

@Module({})
export class ExpensesModule {
  static register(config: ExpensesConfig, logger: Logger): DynamicModule {
    return {
      module: ExpensesModule,
      imports: [
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          schema: EXPENSES_SCHEMA,
          entities: expensesEntities,
          migrations: expensesMigrations,
        }),
      ],
      controllers: [
        createPingController('expenses'),
        AccountsController,
        ExpensesController,
        EntitiesController,
        TagsController,
        SettingsController,
        HomeCurrencyController,
        StatisticsController,
        ReceiptsController,
        ExportController,
      ],
      providers: [
        { provide: EXPENSES_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        objectStorageProvider(EXPENSES_CONFIG),
        VersionedCache,
        AccountsService,
        ExpensesService,
        EntitiesService,
        TagsService,
        SettingsService,
        RatesSource,
        HomeCurrencyService,
        StatisticsService,
        ...outboxBusProviders(EXPENSES_SCHEMA, EXPENSES_CONFIG, LOGGER),
        ReceiptQuota,
        ReceiptsService,
        ExportService,
        ExpenseRemovalService,
        OrphanSweeper,
      ],
    };
  }
}
