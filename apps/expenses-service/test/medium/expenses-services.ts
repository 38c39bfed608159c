import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { MessageContext } from '@snaptrack/contracts';
import type { OutboxBus } from '@snaptrack/nest-rmq';
import { provisionAccount } from '../../src/accounts/accounts.service.js';
import { VersionedCache } from '../../src/cache/versioned-cache.js';
import type { ExpensesConfig } from '../../src/config/env.js';
import { HomeCurrencyService } from '../../src/currency/home-currency.service.js';
import { RatesSource } from '../../src/currency/rates-source.js';
import { EntitiesService } from '../../src/entities/entities.service.js';
import { ExpensesService } from '../../src/expenses/expenses.service.js';
import { ExpenseSplitService } from '../../src/expenses/expense-split.service.js';
import { ExportService } from '../../src/export/export.service.js';
import { ReceiptQuota } from '../../src/receipts/receipt-quota.js';
import { ReceiptsService } from '../../src/receipts/receipts.service.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { StatisticsService } from '../../src/statistics/statistics.service.js';
import { StoresService } from '../../src/stores/stores.service.js';
import { TagsService } from '../../src/tags/tags.service.js';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';

type Settings = Pick<
  ExpensesConfig,
  | 'RESULT_CACHE_ENTRIES'
  | 'UPLOADS_PER_HOUR'
  | 'STORAGE_BYTES_PER_USER'
  | 'EXCHANGE_RATES_URL'
  | 'EXCHANGE_RATES_TIMEOUT_MS'
  | 'EXCHANGE_RATES_REFRESH_SECONDS'
>;

const DEFAULTS: Settings = {
  RESULT_CACHE_ENTRIES: 100,
  UPLOADS_PER_HOUR: 200,
  STORAGE_BYTES_PER_USER: 5 * 1024 ** 3,
  EXCHANGE_RATES_URL: undefined,
  EXCHANGE_RATES_TIMEOUT_MS: 500,
  EXCHANGE_RATES_REFRESH_SECONDS: 0,
};

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * expenses-service's services wired as its module wires them, on a medium test's database,
 * with no bus: events stay in the outbox table (`outboxEvents` reads them), and nothing kicks
 * a relay.
 */
export function expensesServices(dataSource: DataSource, settings: Partial<Settings> = {}) {
  const config = { ...DEFAULTS, ...settings };
  const rates = new RatesSource(config, quiet);
  const cache = new VersionedCache(dataSource, config);
  const homeCurrency = new HomeCurrencyService(dataSource, rates);
  const expenses = new ExpensesService(dataSource, cache, homeCurrency, rates);
  const quota = new ReceiptQuota(dataSource, config);
  const outbox = { kick: () => undefined } as unknown as OutboxBus;
  const receipts = new ReceiptsService(dataSource, expenses, outbox, quota, rates, homeCurrency);
  const entities = new EntitiesService(dataSource);
  const tags = new TagsService(dataSource);
  return {
    expenses,
    receipts,
    quota,
    homeCurrency,
    entities,
    tags,
    settings: new SettingsService(dataSource, entities, tags),
    statistics: new StatisticsService(dataSource, cache, homeCurrency),
    splits: new ExpenseSplitService(dataSource, expenses),
    exports: new ExportService(dataSource),
    stores: new StoresService(dataSource),
  };
}

/** A new account with its starting catalogue (Personal, default tags), as sign-up gives it. */
export async function newAccount(dataSource: DataSource): Promise<string> {
  const userId = randomUUID();
  await dataSource.transaction((manager) => provisionAccount(manager, userId));
  return userId;
}

/** What a handler gets with each message. */
export function messageContext(): MessageContext {
  return { requestId: randomUUID(), messageId: randomUUID() };
}

/** The events a service put in its outbox, oldest first. */
export async function outboxEvents(dataSource: DataSource, pattern: string) {
  const rows: { payload: unknown }[] = await dataSource.query(
    `SELECT "payload" FROM "expenses"."outbox" WHERE "pattern" = $1 ORDER BY "created_at"`,
    [pattern],
  );
  return rows.map((row) => row.payload);
}

/**
 * A medium database and expenses-service's services on it for one test file: made before its
 * tests, dropped after. Read `medium.db` and `medium.services` inside tests and hooks.
 */
export function mediumServices(settings: Partial<Settings> = {}) {
  let db: MediumDatabase | undefined;
  let services: ReturnType<typeof expensesServices> | undefined;
  beforeAll(async () => {
    db = await createMediumDatabase();
    services = expensesServices(db.dataSource, settings);
  });
  afterAll(async () => {
    await db?.drop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('mediumServices: used before beforeAll ran');
    return value;
  };
  return {
    get db() {
      return ready(db);
    },
    get services() {
      return ready(services);
    },
  };
}
