import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { ServiceName } from '../common/service-names.js';

/**
 * Published (through expenses' outbox) once an expense's delete has committed. Its receipt
 * object is already deleted by expenses-service; a mailed receipt names its message so that
 * mail-ingest can delete the raw mail once none of that message's receipts is left.
 */
export class ExpenseDeletedEvent {
  @IsUUID()
  expense_id!: string;

  @IsUUID()
  user_id!: string;

  /** The receipt object the expense pointed at, if it had one. */
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  storage_key!: string | null;

  /** The inbound message (mail-ingest's id) the receipt came in, for mailed receipts. */
  @IsOptional()
  @IsUUID()
  mail_id!: string | null;
}

/** Events expenses-service publishes. */
export interface ExpensesEvents {
  'expenses.expense.deleted.v1': ExpenseDeletedEvent;
}

export const ExpensesEventConsumers: { [P in keyof ExpensesEvents]: readonly ServiceName[] } = {
  'expenses.expense.deleted.v1': ['mail-ingest'],
};

export const ExpensesEventPatterns = {
  deleted: 'expenses.expense.deleted.v1',
} as const;
