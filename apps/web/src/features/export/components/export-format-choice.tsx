import type { ExportFormat } from './use-export-form';

const FORMATS: { value: ExportFormat; label: string; hint: string }[] = [
  { value: 'csv', label: 'CSV', hint: 'For spreadsheets and your bookkeeper' },
  {
    value: 'quickbooks',
    label: 'QuickBooks invoice CSV',
    hint: 'Import as a QuickBooks Online invoice',
  },
  { value: 'pdf', label: 'Receipt PDF', hint: 'A cover page, then one receipt per page' },
  {
    value: 'pack',
    label: 'Accountant pack',
    hint: 'One ZIP: both CSVs, Xero bills, the PDF and every original receipt',
  },
];

/** CSV, QuickBooks invoice CSV, the receipt PDF or the accountant pack. */
export function ExportFormatChoice({
  format,
  onFormat,
}: {
  format: ExportFormat;
  onFormat: (format: ExportFormat) => void;
}) {
  return (
    <fieldset className="export__group">
      <legend>Format</legend>
      {FORMATS.map((option) => (
        <label key={option.value} className="export__format">
          <input
            type="radio"
            name="export-format"
            checked={format === option.value}
            onChange={() => onFormat(option.value)}
          />
          <span>
            <strong>{option.label}</strong>
            <span className="export__hint">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
