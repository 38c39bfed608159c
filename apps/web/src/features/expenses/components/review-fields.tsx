import { formatMoney } from '@/lib/format';
import { REVIEW_CONFIDENCE_THRESHOLD } from '@snaptrack/contracts/core';
import type { EvidenceField, Expense, ReviewField } from '@/types/api';
import {
  CURRENCY_ASSUMED_TEXT,
  NOT_READ_TEXT,
  dateNotRead,
  expenseDateText,
  fieldFlag,
} from './field-flags';
import { TAX_NOT_READ_TEXT, taxRatesText } from './tax-text';

/** The label of each field with evidence, as the edit form names it. */
export const REVIEW_FIELD_LABELS: Record<EvidenceField, string> = {
  vendor: 'Vendor',
  amount: 'Amount',
  expense_date: 'Date',
  currency: 'Currency',
  tax_amount: 'Tax',
};

/**
 * Tax lines read with a confidence below the threshold (they contradict the total) that nobody
 * set by hand: a reason to look, like an unsure field.
 */
export function taxUnsure(expense: Expense): boolean {
  const confidence = expense.field_evidence?.tax_amount?.confidence;
  return (
    confidence !== undefined &&
    confidence < REVIEW_CONFIDENCE_THRESHOLD &&
    !(expense.edited_fields as readonly string[]).includes('tax_amount')
  );
}

const FIELDS = ['vendor', 'amount', 'expense_date'] as const;

/** The read fields whose confidence is below the threshold and that nobody set by hand. */
export function unsureFields(expense: Expense): ReviewField[] {
  return FIELDS.filter((field) => {
    const confidence = expense.field_evidence?.[field]?.confidence;
    return (
      confidence !== undefined &&
      confidence < REVIEW_CONFIDENCE_THRESHOLD &&
      !expense.edited_fields.includes(field)
    );
  });
}

/** Why the expense is in the queue, in words. */
export function reviewReasons(expense: Expense): string[] {
  const reasons: string[] = [];
  if (expense.status === 'failed') {
    reasons.push(`Could not be read: ${expense.processing_error ?? 'unknown error'}`);
  }
  if (expense.status === 'processing') reasons.push('Still being read');
  if (expense.duplicate_of) reasons.push('Possible duplicate of another receipt');
  const unread = FIELDS.filter((field) => notRead(expense, field));
  if (unread.length > 0) {
    reasons.push(`Not read: ${unread.map((field) => REVIEW_FIELD_LABELS[field]).join(', ')}`);
  }
  const unsure = unsureFields(expense).filter((field) => !unread.includes(field));
  if (fieldFlag(expense, 'currency') === 'assumed') {
    reasons.push(`${CURRENCY_ASSUMED_TEXT}: ${expense.currency}, not shown on the receipt`);
  }
  const unsureLabels = [
    ...unsure.map((field) => REVIEW_FIELD_LABELS[field]),
    ...(taxUnsure(expense) ? [REVIEW_FIELD_LABELS.tax_amount] : []),
  ];
  if (unsureLabels.length > 0) {
    reasons.push(`Unsure: ${unsureLabels.join(', ')}`);
  } else if (
    unread.length === 0 &&
    !expense.field_evidence &&
    expense.ocr_confidence !== null &&
    expense.ocr_confidence < REVIEW_CONFIDENCE_THRESHOLD
  ) {
    reasons.push('Read with low confidence');
  }
  return reasons;
}

/** A field the reader did not give: its flag, or (the date) no value at all. */
function notRead(expense: Expense, field: ReviewField): boolean {
  return field === 'expense_date' ? dateNotRead(expense) : fieldFlag(expense, field) === 'not_read';
}

function valueOf(expense: Expense, field: ReviewField): string {
  if (notRead(expense, field)) return NOT_READ_TEXT[field];
  switch (field) {
    case 'vendor':
      return expense.vendor || '—';
    case 'amount':
      return formatMoney(expense.amount, expense.currency);
    case 'expense_date':
      return expenseDateText(expense);
  }
}

type ReviewFieldsProps = {
  expense: Expense;
  highlighted: EvidenceField | null;
  onPoint: (field: EvidenceField | null) => void;
};

/** The read values with how sure the reader was; pointing at one shows it on the image. */
export function ReviewFields({ expense, highlighted, onPoint }: ReviewFieldsProps) {
  const unsure = unsureFields(expense);
  return (
    <dl className="review-fields">
      {FIELDS.map((field) => {
        const confidence = expense.field_evidence?.[field]?.confidence;
        return (
          <div
            key={field}
            className={`review-fields__row${highlighted === field ? ' review-fields__row--on' : ''}`}
            onPointerEnter={() => onPoint(field)}
            onPointerLeave={() => onPoint(null)}
          >
            <dt>{REVIEW_FIELD_LABELS[field]}</dt>
            <dd>
              {valueOf(expense, field)}
              {confidence !== undefined ? (
                <span
                  className={`badge badge--confidence-${unsure.includes(field) ? 'low' : 'high'}`}
                >
                  {notRead(expense, field)
                    ? 'Not read'
                    : `${unsure.includes(field) ? 'Unsure' : 'Read'} · ${Math.round(confidence * 100)}%`}
                </span>
              ) : null}
              {field === 'amount' && fieldFlag(expense, 'currency') === 'assumed' ? (
                <span className="badge badge--confidence-low">{CURRENCY_ASSUMED_TEXT}</span>
              ) : null}
              {expense.edited_fields.includes(field) ? (
                <span className="badge">Set by hand</span>
              ) : null}
            </dd>
          </div>
        );
      })}
      <TaxRow expense={expense} highlighted={highlighted === 'tax_amount'} onPoint={onPoint} />
    </dl>
  );
}

/** The tax read, per rate, with its confidence; "Tax not read" when the receipt gave none. */
function TaxRow({
  expense,
  highlighted,
  onPoint,
}: {
  expense: Expense;
  highlighted: boolean;
  onPoint: (field: EvidenceField | null) => void;
}) {
  const confidence = expense.field_evidence?.tax_amount?.confidence;
  const unsure = taxUnsure(expense);
  const rates = taxRatesText(expense);
  return (
    <div
      className={`review-fields__row${highlighted ? ' review-fields__row--on' : ''}`}
      onPointerEnter={() => onPoint('tax_amount')}
      onPointerLeave={() => onPoint(null)}
    >
      <dt>{REVIEW_FIELD_LABELS.tax_amount}</dt>
      <dd>
        {expense.tax_amount === null
          ? TAX_NOT_READ_TEXT
          : `${formatMoney(expense.tax_amount, expense.currency)}${rates ? ` (${rates})` : ''}`}
        {confidence !== undefined && expense.tax_amount !== null ? (
          <span className={`badge badge--confidence-${unsure ? 'low' : 'high'}`}>
            {`${unsure ? 'Unsure' : 'Read'} · ${Math.round(confidence * 100)}%`}
          </span>
        ) : null}
        {(expense.edited_fields as readonly string[]).includes('tax_amount') ? (
          <span className="badge">Set by hand</span>
        ) : null}
      </dd>
    </div>
  );
}
