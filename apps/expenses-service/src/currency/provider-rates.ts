import type { EntityManager } from 'typeorm';
import { crossRate, type RatesTable } from './rates-table.js';

/**
 * Fills the rate of a user's finished foreign expenses from the rates source's table: those
 * with no rate, and those whose rate came from the source but converts into an earlier home
 * currency. A rate the user entered is never touched; nor is a source rate into the current
 * home currency (an expense keeps the rate of the day it got one). `expenseId` narrows it to
 * one expense. Returns how many were filled.
 */
export async function fillProviderRates(
  manager: EntityManager,
  userId: string,
  home: string,
  table: RatesTable,
  expenseId?: string,
): Promise<number> {
  const currencies: string[] = [];
  const rates: string[] = [];
  for (const currency of table.rates.keys()) {
    const rate = currency === home ? null : crossRate(table, currency, home);
    if (rate === null) continue;
    currencies.push(currency);
    rates.push(rate.toFixed(10));
  }
  if (currencies.length === 0) return 0;
  const params: unknown[] = [userId, home, table.date, currencies, rates];
  const oneExpense = expenseId ? `AND e."id" = $${params.push(expenseId)}` : '';
  const [, count]: [unknown, number] = await manager.query(
    `UPDATE "expenses"."expenses" e SET "exchange_rate" = r."rate", "rate_currency" = $2,
       "rate_source" = 'provider', "rate_date" = $3::date
     FROM unnest($4::text[], $5::numeric[]) AS r("currency", "rate")
     WHERE e."user_id" = $1 AND e."currency" = r."currency" AND e."status" = 'ready'
       AND (e."rate_source" IS NULL OR (e."rate_source" = 'provider' AND e."rate_currency" <> $2))
       ${oneExpense}`,
    params,
  );
  return count;
}
