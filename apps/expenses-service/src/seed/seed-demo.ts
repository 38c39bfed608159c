import type { DataSource } from 'typeorm';
import { DemoAccount } from '@snaptrack/contracts';
import { provisionAccount } from '../accounts/accounts.service.js';
import { VersionedCache } from '../cache/versioned-cache.js';
import { ExpensesService, type NewExpense } from '../expenses/expenses.service.js';
import { ExpensesRepository } from '../expenses/expenses.repository.js';
import { RatesSource } from '../currency/rates-source.js';
import { HomeCurrencyService } from '../currency/home-currency.service.js';
import { addDays } from '../statistics/periods.js';
import { DEMO_VENDORS, seededRandom } from './demo-expenses.js';

const SAMPLE_SIZE = 60;

/** About sixty expenses over the last three months, the first few from the last days. */
export function demoExpenses(today: string): NewExpense[] {
  const random = seededRandom(20_251_101);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const expenses: NewExpense[] = [];
  for (let index = 0; index < SAMPLE_SIZE; index += 1) {
    const template = pick(DEMO_VENDORS);
    const daysAgo = index < 4 ? index : Math.floor(random() * 90);
    const cents = Math.round((template.min + random() * (template.max - template.min)) * 100);
    const expenseDate = addDays(today, -daysAgo);
    const hour = 8 + Math.floor(random() * 12);
    const email = template.email === true;
    expenses.push({
      vendor: template.vendor,
      amount: (cents / 100).toFixed(2),
      expenseDate,
      entity: template.entity,
      tags: template.tags,
      notes: template.notes && random() < 0.6 ? pick(template.notes) : null,
      extractionMethod: email ? 'text' : 'image',
      ocrConfidence:
        Math.round((email ? 0.9 + random() * 0.09 : 0.62 + random() * 0.37) * 100) / 100,
      emailSubject: email ? `Your receipt from ${template.vendor}` : null,
      rawOcrText: email
        ? `Receipt from ${template.vendor}\nDate: ${expenseDate}\nAmount paid: $${(cents / 100).toFixed(2)}\n\nThank you for your business.`
        : null,
      createdAt: new Date(`${expenseDate}T${String(hour).padStart(2, '0')}:15:00Z`),
    });
  }
  // One receipt the reader could not make sense of: the demo shows what a failure looks like.
  expenses.push({
    extractionMethod: 'image',
    expenseDate: addDays(today, -2),
    status: 'failed',
    processingError: 'We could not find a total on this receipt. Please enter it by hand.',
    ocrConfidence: 0.31,
    entity: 'Personal',
  });
  return expenses;
}

/**
 * The demo account's part in this schema: its entities, the default tags and the sample
 * expenses. Entities and tags are topped up on every run; the expenses are written once.
 */
export async function seedDemoExpenses(
  dataSource: DataSource,
  now = new Date(),
): Promise<'created' | 'exists'> {
  const expenses = new ExpensesService(
    dataSource,
    new VersionedCache(dataSource, { RESULT_CACHE_ENTRIES: 0 }),
    new HomeCurrencyService(dataSource, RatesSource.none()),
    RatesSource.none(),
  );
  return dataSource.transaction(async (manager) => {
    // Two migrate steps racing must not both write the sample.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['expenses:seed-demo']);
    await provisionAccount(manager, DemoAccount.id, DemoAccount.entities);
    if ((await ExpensesRepository.countOf(manager, DemoAccount.id)) > 0) return 'exists';
    for (const expense of demoExpenses(now.toISOString().slice(0, 10))) {
      await expenses.createExpense(DemoAccount.id, expense, manager);
    }
    return 'created';
  });
}
