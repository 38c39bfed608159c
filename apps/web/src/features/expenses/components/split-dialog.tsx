import { useId, type FormEvent } from 'react';
import { SplitLimits, type SplitMode } from '@snaptrack/contracts/core';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useHomeCurrency } from '@/lib/queries/home-currency';
import type { Expense, ExpenseEntity } from '@/types/api';
import { useSplitExpense } from '../api/split-expense';
import { useUnsplitExpense } from '../api/unsplit-expense';
import { previewSplit, useSplitForm } from '../utils/use-split-form';
import { SplitPartFields } from './split-part-fields';

type SplitDialogProps = {
  expense: Expense | null;
  entities: readonly ExpenseEntity[];
  onClose: () => void;
};

const MODES: { mode: SplitMode; label: string }[] = [
  { mode: 'percent', label: 'By percentage' },
  { mode: 'amount', label: 'By amount' },
];

/** Split one receipt between entities (docs/help: Split a receipt). Closed when `expense` is null. */
export function SplitDialog({ expense, entities, onClose }: SplitDialogProps) {
  if (!expense) return null;
  return (
    <SplitDialogOpen key={expense.id} expense={expense} entities={entities} onClose={onClose} />
  );
}

function SplitDialogOpen({ expense, entities, onClose }: SplitDialogProps & { expense: Expense }) {
  const form = useSplitForm(expense);
  const { draft } = form;
  const home = useHomeCurrency();
  const locale =
    home.data?.locale ?? (typeof navigator === 'undefined' ? undefined : navigator.language);
  const preview = previewSplit(draft, expense, locale);
  const split = useSplitExpense({ mutationConfig: { onSuccess: onClose } });
  const unsplit = useUnsplitExpense({ mutationConfig: { onSuccess: onClose } });
  const busy = split.isPending || unsplit.isPending;
  const modeName = useId();
  const serverError = split.error ?? unsplit.error;
  const total = formatMoney(expense.amount, expense.currency);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (preview.body) split.mutate({ id: expense.id, body: preview.body });
  };

  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      dismissible={!busy}
      title="Split this receipt"
      description={`${expense.vendor || 'This expense'}, ${total}. Each part counts under its own entity in summaries, statistics and exports; the receipt stays one.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {expense.split ? (
            <Button
              variant="outline"
              loading={unsplit.isPending}
              disabled={busy}
              onClick={() => unsplit.mutate(expense.id)}
            >
              Remove split
            </Button>
          ) : null}
          <Button
            variant="primary"
            type="submit"
            form={`${modeName}-form`}
            loading={split.isPending}
            disabled={busy || preview.body === null}
          >
            Save split
          </Button>
        </>
      }
    >
      <form id={`${modeName}-form`} className="split-form" onSubmit={submit} noValidate>
        {serverError ? (
          <Banner tone="error">
            {isApiError(serverError) && serverError.status < 500
              ? serverError.message
              : 'The split could not be saved. Please try again.'}
          </Banner>
        ) : null}
        <fieldset className="split-form__mode">
          <legend className="field__label">Split by</legend>
          {MODES.map(({ mode, label }) => (
            <label key={mode} className="split-form__mode-choice">
              <input
                type="radio"
                name={`${modeName}-mode`}
                value={mode}
                checked={draft.mode === mode}
                disabled={busy}
                onChange={() => form.setMode(mode)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        {draft.parts.map((part, index) => (
          <SplitPartFields
            key={part.key}
            part={part}
            number={index + 1}
            mode={draft.mode}
            last={index === draft.parts.length - 1}
            rest={preview.rest}
            amount={preview.amounts[index] ?? null}
            currency={expense.currency}
            entityNames={entities.map((entity) => entity.name)}
            canRemove={draft.parts.length > SplitLimits.minParts}
            disabled={busy}
            onChange={(patch) => form.changePart(part.key, patch)}
            onRemove={() => form.removePart(part.key)}
          />
        ))}
        <Button
          variant="outline"
          size="sm"
          onClick={form.addPart}
          disabled={busy || draft.parts.length >= SplitLimits.maxParts}
        >
          Add a part
        </Button>
        <p className="split-form__status" role="status">
          {preview.error ??
            `${preview.amounts
              .map((amount) => formatMoney(amount ?? 0, expense.currency))
              .join(' + ')} = ${total}`}
        </p>
      </form>
    </Dialog>
  );
}
