import type { Expense } from '@/types/api';

/** A ready expense as the API returns it; tests override what they look at. */
export function anExpense(change: Partial<Expense> = {}): Expense {
  return {
    id: 'exp-1',
    vendor: 'Corner Cafe',
    amount: 12.5,
    currency: 'USD',
    exchange_rate: null,
    rate_currency: null,
    rate_source: null,
    rate_date: null,
    expense_date: '2026-11-20',
    tax_amount: null,
    tax_lines: null,
    notes: null,
    entity: 'Personal',
    tags: [],
    ocr_confidence: 0.9,
    image_url: null,
    extraction_method: 'image',
    email_subject: null,
    raw_ocr_text: null,
    status: 'ready',
    processing_error: null,
    duplicate_of: null,
    duplicate_reason: null,
    field_evidence: null,
    edited_fields: [],
    reviewed_at: null,
    split: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...change,
  };
}
