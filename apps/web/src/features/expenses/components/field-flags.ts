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
  expense_date: 'Date not read',
} as const;

/** The badge beside an amount whose currency is the home currency assumed, not read. */
export const CURRENCY_ASSUMED_TEXT = 'Currency assumed';
