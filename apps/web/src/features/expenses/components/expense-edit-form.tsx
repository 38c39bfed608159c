import { useId, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import type { Expense, ExpenseEntity } from '@/types/api';
import { useUpdateExpense } from '../api/update-expense';
import { parseAmount } from '../utils/expense-display';
import { TagEditor } from './tag-editor';

type ExpenseEditFormProps = {
  expense: Expense;
  entities: readonly ExpenseEntity[];
  onDone: () => void;
};

/** Inline edit of one expense card: Save returns to the view, Cancel drops the changes. */
export function ExpenseEditForm({ expense, entities, onDone }: ExpenseEditFormProps) {
  const id = useId();
  const [vendor, setVendor] = useState(expense.vendor);
  const [amount, setAmount] = useState(expense.amount.toFixed(2));
  const [date, setDate] = useState(expense.expense_date.slice(0, 10));
  const [notes, setNotes] = useState(expense.notes ?? '');
  const [entity, setEntity] = useState(expense.entity ?? '');
  const [tags, setTags] = useState(expense.tags);
  const update = useUpdateExpense({ mutationConfig: { onSuccess: onDone } });
  // An entity removed in Settings still shows as the expense's current value.
  const names = entities.map((item) => item.name);
  if (expense.entity && !names.includes(expense.entity)) names.push(expense.entity);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      id: expense.id,
      changes: {
        vendor: vendor.trim(),
        amount: parseAmount(amount),
        expense_date: date,
        notes: notes.trim() || null,
        entity: entity || null,
        tags,
      },
    });
  };

  return (
    <form
      className="expense-form"
      onSubmit={submit}
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
      <div className="field">
        <label className="field__label" htmlFor={`${id}-vendor`}>
          Vendor
        </label>
        <input
          id={`${id}-vendor`}
          className="input"
          value={vendor}
          maxLength={200}
          onChange={(event) => setVendor(event.target.value)}
        />
      </div>
      <div className="expense-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-amount`}>
            Amount
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => setAmount(parseAmount(amount).toFixed(2))}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-date`}>
            Date
          </label>
          <input
            id={`${id}-date`}
            className="input"
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-notes`}>
          Description
        </label>
        <textarea
          id={`${id}-notes`}
          className="input expense-form__notes"
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-entity`}>
          Entity
        </label>
        <select
          id={`${id}-entity`}
          className="input"
          value={entity}
          onChange={(event) => setEntity(event.target.value)}
        >
          <option value="">Unassigned</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <TagEditor tags={tags} onChange={setTags} disabled={update.isPending} />
      <div className="expense-form__actions">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="primary" size="sm" type="submit" loading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
