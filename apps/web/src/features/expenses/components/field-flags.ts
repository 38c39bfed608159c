import { DATE_NOT_READ } from '@snaptrack/contracts/core';
import { formatDate } from '@/lib/format';
import type { EvidenceField, Expense, FieldFlag } from '@/types/api';

/**
 * The reader's flag on a field (not read, or assumed from the account) while nobody has set that
 * field by hand; null for a field that was read or has been set.
 */
export function fieldFlag(expense: Expense, field: EvidenceField): FieldFlag | null {
  // The server records a hand-set currency in edited_fields too.
  if ((expense.edited_fields as readonly string[]).includes(field)) return null;
  return expense.field_evidence?.[field]?.flag ?? null;
}

/** What a field that was not read shows instead of its placeholder value. */
export const NOT_READ_TEXT = {
  vendor: 'Vendor not read',
  amount: 'Amount not read',
  expense_date: DATE_NOT_READ,
} as const;

/**
 * Whether the expense has no date to show: the reader found none (or none plausible) and nobody
 * set one. A receipt still being read has none yet either, but is not "not read".
 */
export function dateNotRead(expense: Expense): boolean {
  if (expense.status === 'processing') return false;
  return expense.expense_date === null || fieldFlag(expense, 'expense_date') === 'not_read';
}

/** The expense's date as shown: formatted, "Date not read", or empty while it is being read. */
export function expenseDateText(expense: Expense): string {
  if (dateNotRead(expense)) return NOT_READ_TEXT.expense_date;
  return expense.expense_date === null ? '' : formatDate(expense.expense_date);
}

/** The badge beside an amount whose currency is the home currency assumed, not read. */
export const CURRENCY_ASSUMED_TEXT = 'Currency assumed';
