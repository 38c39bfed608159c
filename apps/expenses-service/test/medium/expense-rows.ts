import { randomUUID } from 'node:crypto';
import {
  ExpensesRepository,
  type Db,
  type NewExpenseRow,
} from '../../src/expenses/expenses.repository.js';

/**
 * The one way a test writes expense rows as they are stored: through the repository's insert,
 * with every column a plain typed-in expense has unless the test says otherwise.
 */
export function expenseRow(userId: string, row: Partial<NewExpenseRow> = {}): NewExpenseRow {
  const createdAt = row.created_at ?? new Date();
  return {
    id: randomUUID(),
    user_id: userId,
    vendor: '',
    amount: '0.00',
    currency: 'USD',
    expense_date: createdAt.toISOString().slice(0, 10),
    notes: null,
    entity_id: null,
    tags: [],
    ocr_confidence: null,
    image_key: null,
    extraction_method: 'manual',
    email_subject: null,
    raw_ocr_text: null,
    status: 'ready',
    processing_error: null,
    content_sha256: null,
    mail_id: null,
    idempotency_key: null,
    receipt_source: null,
    receipt_bytes: null,
    ocr_job_id: null,
    created_at: createdAt,
    ...row,
  };
}

export async function insertExpenseRows(
  db: Db,
  userId: string,
  rows: Partial<NewExpenseRow>[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows)
    ids.push((await ExpensesRepository.insert(db, expenseRow(userId, row))).id);
  return ids;
}
