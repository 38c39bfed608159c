import { UNASSIGNED_ENTITY, type ExportRow, type ExtractionMethod } from '@snaptrack/contracts';
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

export function expenseCsvRow([
  date,
  vendor,
  amount,
  currency,
  entity,
  tags,
  notes,
  method,
  confidence,
]: ExportRow): string[] {
  return [
    date,
    textCell(vendor),
    amount,
    textCell(currency),
    textCell(entity ?? UNASSIGNED_ENTITY),
    textCell(tags.join(TAG_SEPARATOR)),
    textCell(notes),
    SOURCES[method],
    confidence === null ? '' : confidence.toFixed(2),
  ];
}
