import type { EntityManager } from 'typeorm';
import { ExpensesRepository } from '../expenses/expenses.repository.js';
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
  return ExpensesRepository.fillProviderRates(
    manager,
    userId,
    { home, date: table.date, currencies, rates },
    expenseId,
  );
}
