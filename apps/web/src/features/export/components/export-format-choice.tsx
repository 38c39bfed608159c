import type { ExportFormat } from './use-export-form';

const FORMATS: { value: ExportFormat; label: string; hint: string }[] = [
  { value: 'csv', label: 'CSV', hint: 'For spreadsheets and your bookkeeper' },
  {
    value: 'quickbooks',
    label: 'QuickBooks invoice CSV',
    hint: 'Import as a QuickBooks Online invoice',
  },
  { value: 'pdf', label: 'Receipt PDF', hint: 'A cover page, then one receipt per page' },
];

/** CSV, QuickBooks invoice CSV or the receipt PDF. */
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
