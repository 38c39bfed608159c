import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  formatAmountInput,
  readAmount,
  taxLinesAddUpTo,
  taxProblem,
  TaxMessages,
  type TaxLine,
} from '@snaptrack/contracts/core';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { currencyOptions } from '@/lib/currency';
import { useHomeCurrency } from '@/lib/queries/home-currency';
import type { EvidenceField, Expense, ExpenseEntity } from '@/types/api';
import { useUpdateExpense } from '../api/update-expense';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { dateNotRead, fieldFlag } from './field-flags';
import { StoreSuggestion } from './store-suggestion';
import { TagEditor } from './tag-editor';
import { taxRatesText } from './tax-text';

type ExpenseEditFormProps = {
  expense: Expense;
  entities: readonly ExpenseEntity[];
  onDone: () => void;
  /** Told which read field has the focus (the review queue highlights it on the image). */
  onFocusField?: (field: EvidenceField | null) => void;
  /** Put the focus in the first field when the form opens. */
  autoFocus?: boolean;
  /** Opens the split dialog (the form closes); without it there is no Split action. */
  onSplit?: (expense: Expense) => void;
};

/** The read field an input of the form edits, by the suffix of its id. */
function reviewFieldOf(id: string): EvidenceField | null {
  if (id.endsWith('-vendor')) return 'vendor';
  if (id.endsWith('-amount')) return 'amount';
  if (id.endsWith('-date')) return 'expense_date';
  if (id.endsWith('-currency')) return 'currency';
  if (id.endsWith('-tax')) return 'tax_amount';
  return null;
}

type ExpenseDraft = {
  vendor: string;
  amount: string;
  date: string;
  notes: string;
  entity: string;
  tags: string[];
  currency: string;
  /** Home-currency units for one unit of `currency`; blank for none. */
  rate: string;
  /** The tax paid; blank when unknown. */
  tax: string;
};

const draftOf = (expense: Expense, locale?: string): ExpenseDraft => ({
  vendor: expense.vendor,
  amount: formatAmountInput(expense.amount, locale),
  // A date the reader did not find is asked for, not offered as the upload day.
  date: dateNotRead(expense) ? '' : (expense.expense_date?.slice(0, 10) ?? ''),
  notes: expense.notes ?? '',
  entity: expense.entity ?? '',
  tags: expense.tags,
  currency: expense.currency,
  rate: expense.exchange_rate === null ? '' : String(expense.exchange_rate),
  tax: expense.tax_amount === null ? '' : formatAmountInput(expense.tax_amount, locale),
});

/** The stored lines while they still add up to `tax`; otherwise the tax alone is kept. */
function linesFor(expense: Expense, tax: number | null): TaxLine[] | null {
  return taxLinesAddUpTo(expense.tax_lines, tax) ? expense.tax_lines : null;
}

/** A blank rate removes it; anything else goes to the server, which checks it. */
function parseRate(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

/** The browser's language where the account has no locale. */
const browserLanguage = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/**
 * Inline edit of one expense card: Save returns to the view; Cancel or Escape closes it, asking
 * first when something was changed. The amount is read in the account's locale (either mark
 * where that is plain) and what cannot be read is refused beside the field, never saved as
 * something else.
 */
export function ExpenseEditForm({
  expense,
  entities,
  onDone,
  onFocusField,
  autoFocus = false,
  onSplit,
}: ExpenseEditFormProps) {
  const id = useId();
  const homeSettings = useHomeCurrency().data;
  const locale = homeSettings?.locale ?? browserLanguage();
  // One draft object: every field is edited the same way, so a merge-in setter is the form hook.
  const [initial] = useState(() => draftOf(expense, locale));
  const [draft, setDraft] = useState(initial);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [taxError, setTaxError] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const change = (patch: Partial<ExpenseDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));
  const update = useUpdateExpense({ mutationConfig: { onSuccess: onDone } });
  const home = homeSettings?.home_currency;
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  const requestClose = () => (changed ? setConfirmingDiscard(true) : onDone());

  // Escape anywhere while the form is open closes it, unless something inside (the tag
  // suggestions, the discard question) took that Escape for itself.
  const requestCloseRef = useRef(requestClose);
  useEffect(() => {
    requestCloseRef.current = requestClose;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      requestCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  /** Reads the amount field; shows the reason beside it when it cannot be read. */
  const settleAmount = (): number | null => {
    const reading = readAmount(draft.amount, locale);
    if (!reading.ok) {
      setAmountError(reading.message);
      return null;
    }
    setAmountError(null);
    change({ amount: formatAmountInput(reading.value, locale) });
    return reading.value;
  };
  /**
   * Reads the tax field (blank is unknown) and checks it with the server's rule against the
   * amount; shows the reason beside it. `undefined` when it cannot be saved.
   */
  const settleTax = (amount: number | null): number | null | undefined => {
    if (draft.tax.trim() === '') {
      setTaxError(null);
      return null;
    }
    const reading = readAmount(draft.tax, locale);
    if (!reading.ok) {
      setTaxError(TaxMessages.amount);
      return undefined;
    }
    const problem =
      amount === null ? null : taxProblem(amount, reading.value, linesFor(expense, reading.value));
    setTaxError(problem);
    if (problem) return undefined;
    change({ tax: formatAmountInput(reading.value, locale) });
    return reading.value;
  };
  // A rate converts into the home currency: only asked for an expense in another one.
  const foreign = home !== undefined && draft.currency !== home;
  const currencies = currencyOptions().includes(expense.currency)
    ? currencyOptions()
    : [expense.currency, ...currencyOptions()];
  // An entity removed in Settings still shows as the expense's current value.
  const names = entities.map((item) => item.name);
  if (expense.entity && !names.includes(expense.entity)) names.push(expense.entity);

  const rateTouched = draft.rate !== initial.rate;
  const rateHint =
    expense.rate_source === 'provider' && !rateTouched && draft.currency === expense.currency
      ? `From the rates source, ${expense.rate_date ?? ''}. Enter your own to replace it.`
      : 'Optional. With a rate, this expense counts in converted totals.';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = settleAmount();
    if (amount === null) {
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    const tax = settleTax(amount);
    if (tax === undefined) {
      document.getElementById(`${id}-tax`)?.focus();
      return;
    }
    const taxTouched = draft.tax !== initial.tax;
    update.mutate({
      id: expense.id,
      changes: {
        vendor: draft.vendor.trim(),
        amount,
        expense_date: draft.date,
        notes: draft.notes.trim() || null,
        entity: draft.entity || null,
        tags: draft.tags,
        // An assumed currency saved as it is counts as confirmed.
        ...(draft.currency !== expense.currency || fieldFlag(expense, 'currency') === 'assumed'
          ? { currency: draft.currency }
          : {}),
        // Sent only when touched: saving other fields keeps a rates-source rate marked as such.
        ...(foreign && (rateTouched || draft.currency !== expense.currency)
          ? { exchange_rate: parseRate(draft.rate) }
          : {}),
        // Sent only when touched: the read lines per rate stay while they add up to it.
        ...(taxTouched ? { tax_amount: tax } : {}),
      },
    });
  };

  return (
    <form
      className="expense-form"
      onSubmit={submit}
      onFocus={(event) => onFocusField?.(reviewFieldOf(event.target.id))}
      aria-label={`Edit ${expense.vendor || 'expense'}`}
    >
      {update.isError ? (
        <Banner tone="error">
          Failed to update expense. Please try again.
          {isApiError(update.error) && update.error.status === 400
            ? ` ${update.error.message}`
            : ''}
        </Banner>
      ) : null}
      <TextField
        id={`${id}-vendor`}
        label="Vendor"
        value={draft.vendor}
        maxLength={200}
        autoFocus={autoFocus}
        onChange={(event) => change({ vendor: event.target.value })}
      />
      <div className="expense-form__row">
        <TextField
          id={`${id}-amount`}
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${id}-amount-error` : undefined}
          onChange={(event) => {
            change({ amount: event.target.value });
            setAmountError(null);
          }}
          onBlur={() => void settleAmount()}
        >
          {amountError ? (
            <p id={`${id}-amount-error`} className="field__error" role="alert">
              {amountError}
            </p>
          ) : null}
        </TextField>
        <TextField
          id={`${id}-date`}
          label="Date"
          type="date"
          required
          value={draft.date}
          onChange={(event) => change({ date: event.target.value })}
        />
      </div>
      <div className="expense-form__row">
        <SelectField
          id={`${id}-currency`}
          label="Currency"
          value={draft.currency}
          onChange={(event) => change({ currency: event.target.value })}
        >
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        {foreign ? (
          <TextField
            id={`${id}-rate`}
            label={`Exchange rate (${home} per 1 ${draft.currency})`}
            hint={rateHint}
            hintId={`${id}-rate-hint`}
            aria-describedby={`${id}-rate-hint`}
            inputMode="decimal"
            value={draft.rate}
            onChange={(event) => change({ rate: event.target.value })}
          />
        ) : null}
      </div>
      <TextField
        id={`${id}-tax`}
        label="Tax"
        inputMode="decimal"
        autoComplete="off"
        value={draft.tax}
        hint={
          expense.tax_lines?.length
            ? `Read per rate: ${taxRatesText(expense)}. Blank if unknown.`
            : 'The VAT or sales tax included in the amount. Blank if unknown.'
        }
        hintId={`${id}-tax-hint`}
        aria-invalid={taxError ? true : undefined}
        aria-describedby={taxError ? `${id}-tax-error` : `${id}-tax-hint`}
        onChange={(event) => {
          change({ tax: event.target.value });
          setTaxError(null);
        }}
        onBlur={() => {
          const amount = readAmount(draft.amount, locale);
          void settleTax(amount.ok ? amount.value : null);
        }}
      >
        {taxError ? (
          <p id={`${id}-tax-error`} className="field__error" role="alert">
            {taxError}
          </p>
        ) : null}
      </TextField>
      <TextAreaField
        id={`${id}-notes`}
        label="Description"
        inputClassName="expense-form__notes"
        rows={2}
        maxLength={2000}
        value={draft.notes}
        onChange={(event) => change({ notes: event.target.value })}
      />
      <StoreSuggestion
        expense={expense}
        onUse={(choice) => change({ entity: choice.entity ?? '', tags: choice.tags })}
      />
      <SelectField
        id={`${id}-entity`}
        label="Entity"
        value={draft.entity}
        onChange={(event) => change({ entity: event.target.value })}
      >
        <option value="">Unassigned</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <TagEditor
        tags={draft.tags}
        onChange={(tags) => change({ tags })}
        disabled={update.isPending}
      />
      <div className="expense-form__actions">
        {onSplit && expense.status === 'ready' && expense.amount > 0 ? (
          <Button
            variant="outline"
            size="sm"
            className="expense-form__split"
            disabled={update.isPending}
            onClick={() => {
              onDone();
              onSplit(expense);
            }}
          >
            {expense.split ? 'Edit split' : 'Split receipt'}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={requestClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="primary" size="sm" type="submit" loading={update.isPending}>
          Save
        </Button>
      </div>
      <DiscardChangesDialog
        open={confirmingDiscard}
        onKeepEditing={() => setConfirmingDiscard(false)}
        onDiscard={onDone}
      />
    </form>
  );
}
