import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { QuickBooksSettings, QuickBooksTerms } from '../api/download-quickbooks';

type QuickBooksFieldsProps = {
  settings: QuickBooksSettings;
  /** The payment terms QuickBooks accepts (the dialog owns the list). */
  terms: readonly QuickBooksTerms[];
  onChange: (change: Partial<QuickBooksSettings>) => void;
};

/** Customer, service name, terms and memo of the QuickBooks invoice. */
export function QuickBooksFields({ settings, terms, onChange }: QuickBooksFieldsProps) {
  return (
    <fieldset className="export__group export__quickbooks">
      <legend>QuickBooks</legend>
      <TextField
        label="Customer"
        value={settings.customer}
        maxLength={100}
        onChange={(event) => onChange({ customer: event.target.value })}
      />
      <TextField
        label="Service name"
        value={settings.serviceName}
        maxLength={100}
        onChange={(event) => onChange({ serviceName: event.target.value })}
      />
      <SelectField
        label="Terms"
        value={settings.terms}
        onChange={(event) => onChange({ terms: event.target.value as QuickBooksTerms })}
      >
        {terms.map((term) => (
          <option key={term} value={term}>
            {term}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Memo"
        value={settings.memo}
        maxLength={1000}
        onChange={(event) => onChange({ memo: event.target.value })}
      />
    </fieldset>
  );
}
