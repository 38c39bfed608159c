import { UNASSIGNED_ENTITY, type ExportExpense, type ExtractionMethod } from '@snaptrack/contracts';
import { textCell } from './csv-cells.js';

/** The bookkeeper's columns, one expense a row. */
export const EXPENSE_CSV_HEADER = [
  'Date',
  'Vendor',
  'Amount',
  'Currency',
  'Entity',
  'Tags',
  'Description',
  'Source',
  'Confidence',
];

const SOURCES: Record<ExtractionMethod, string> = {
  image: 'Receipt image',
  text: 'Email',
  manual: 'Manual',
};

/** Tags in one cell; `;` because a comma would read like a second column to a person. */
export const TAG_SEPARATOR = '; ';

export function expenseCsvRow(expense: ExportExpense): string[] {
  return [
    expense.expense_date,
    textCell(expense.vendor),
    expense.amount,
    textCell(expense.currency),
    textCell(expense.entity ?? UNASSIGNED_ENTITY),
    textCell(expense.tags.join(TAG_SEPARATOR)),
    textCell(expense.notes),
    SOURCES[expense.extraction_method],
    expense.ocr_confidence === null ? '' : expense.ocr_confidence.toFixed(2),
  ];
}
