import { formatMoney } from '@/lib/format';
import type { Expense } from '@/types/api';

/** What an expense whose tax nobody read or entered shows: unknown, never 0. */
export const TAX_NOT_READ_TEXT = 'Tax not read';

/** `19% 3,87 €` per rate, the rate left out where the receipt printed none. */
export function taxRatesText(expense: Pick<Expense, 'tax_lines' | 'currency'>): string {
  return (expense.tax_lines ?? [])
    .map((line) => {
      const tax = formatMoney(line.tax, expense.currency);
      return line.rate === null ? tax : `${line.rate}% ${tax}`;
    })
    .join(' · ');
}

/** "Tax $0.89 (8.875% $0.89)", or "Tax not read". */
export function taxText(expense: Pick<Expense, 'tax_amount' | 'tax_lines' | 'currency'>): string {
  if (expense.tax_amount === null) return TAX_NOT_READ_TEXT;
  const rates = taxRatesText(expense);
  const amount = formatMoney(expense.tax_amount, expense.currency);
  return rates && (expense.tax_lines?.length ?? 0) > 0
    ? `Tax ${amount} (${rates})`
    : `Tax ${amount}`;
}
