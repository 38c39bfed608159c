import { memo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format';
import type { Expense, ExpenseEntity } from '@/types/api';
import { ConfidenceBadge, EntityBadge } from './badges';
import { DuplicateFlag } from './duplicate-flag';
import { ExpenseEditForm } from './expense-edit-form';
import {
  CURRENCY_ASSUMED_TEXT,
  NOT_READ_TEXT,
  dateNotRead,
  expenseDateText,
  fieldFlag,
} from './field-flags';
import { Marked, MarkedParts, matchedOnlyInReceipt, type CardSearch } from './search-marks';
import { taxText } from './tax-text';

type ExpenseCardProps = {
  expense: Expense;
  entities: readonly ExpenseEntity[];
  editing: boolean;
  onEdit: (expense: Expense) => void;
  onEditDone: () => void;
  onDelete: (expense: Expense) => void;
  onViewReceipt: (expense: Expense) => void;
  /** Opens the split dialog; without it the card has no Split action. */
  onSplit?: (expense: Expense) => void;
  /** More actions beside 'View receipt', supplied by the screen (e.g. reprocessing). */
  renderActions?: (expense: Expense) => ReactNode;
  /** The list's search: its words are marked, and the receipt's extract shown when needed. */
  search?: CardSearch;
};

/**
 * One expense: the view, or its inline edit form. Memoised: the list re-renders on every fetch
 * state and edit, a card only when its own props change (the handlers take the expense, so the
 * list passes the same ones to every card).
 */
export const ExpenseCard = memo(function ExpenseCard({
  expense,
  entities,
  editing,
  onEdit,
  onEditDone,
  onDelete,
  onViewReceipt,
  onSplit,
  renderActions,
  search,
}: ExpenseCardProps) {
  const title =
    expense.vendor || (expense.status === 'processing' ? 'Reading receipt…' : 'Unknown vendor');
  return (
    <article
      className={editing ? 'card expense-card expense-card--editing' : 'card expense-card'}
      aria-label={`Expense ${title}`}
      data-expense-id={expense.id}
    >
      {editing ? (
        <ExpenseEditForm
          expense={expense}
          entities={entities}
          onDone={onEditDone}
          onSplit={onSplit}
        />
      ) : (
        <>
          <header className="expense-card__head">
            <h3 className="expense-card__vendor">
              <Marked text={title} search={search} />
            </h3>
            <span className="expense-card__amount">
              {formatMoney(expense.amount, expense.currency)}
            </span>
          </header>
          <p className="expense-card__date">
            {dateNotRead(expense) ? (
              <span className="badge badge--amber" title="Not found on the receipt: set it">
                {NOT_READ_TEXT.expense_date}
              </span>
            ) : (
              expenseDateText(expense)
            )}
          </p>
          {expense.status === 'ready' && (expense.tax_amount !== null || expense.image_url) ? (
            <p className="expense-card__tax">{taxText(expense)}</p>
          ) : null}
          {expense.status === 'processing' ? (
            <Spinner size="sm" label="We are reading this receipt…" showLabel />
          ) : null}
          {expense.status === 'failed' ? (
            <p className="expense-card__error" role="note">
              {expense.processing_error ?? 'This receipt could not be read. Edit it to fill it in.'}
            </p>
          ) : null}
          <div className="expense-card__badges">
            <EntityBadge entity={expense.entity} entities={entities} />
            <ConfidenceBadge confidence={expense.ocr_confidence} />
            {fieldFlag(expense, 'currency') === 'assumed' ? (
              <span className="badge badge--amber" title="Not shown on the receipt">
                {CURRENCY_ASSUMED_TEXT}
              </span>
            ) : null}
            <DuplicateFlag expense={expense} />
          </div>
          {expense.split ? <SplitParts expense={expense} /> : null}
          {expense.tags.length > 0 ? (
            <ul className="expense-card__tags" aria-label="Tags">
              {expense.tags.map((tag) => (
                <li key={tag} className="chip">
                  <Marked text={tag} search={search} />
                </li>
              ))}
            </ul>
          ) : null}
          {expense.notes ? (
            <p className="expense-card__notes">
              <Marked text={expense.notes} search={search} />
            </p>
          ) : null}
          {search?.receipt && matchedOnlyInReceipt(expense, search) ? (
            <p className="expense-card__receipt-match">
              <span className="sr-only">Found in the receipt text: </span>
              <span aria-hidden="true">Receipt: </span>…<MarkedParts parts={search.receipt} />…
            </p>
          ) : null}
          <footer className="expense-card__actions">
            <Button variant="ghost" size="sm" onClick={() => onViewReceipt(expense)}>
              {expense.extraction_method === 'text' ? 'View email' : 'View receipt'}
            </Button>
            {renderActions?.(expense)}
            {onSplit && expense.split ? (
              <Button variant="ghost" size="sm" onClick={() => onSplit(expense)}>
                Edit split
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onEdit(expense)}
              disabled={expense.status === 'processing'}
            >
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="expense-card__delete"
              onClick={() => onDelete(expense)}
            >
              Delete
            </Button>
          </footer>
        </>
      )}
    </article>
  );
});

/** A split receipt's parts, each under its entity (docs/api.md, Splits). */
function SplitParts({ expense }: { expense: Expense }) {
  const parts = expense.split?.parts ?? [];
  return (
    <div className="expense-card__split">
      <p className="expense-card__split-title">Split into {parts.length} parts</p>
      <ul className="expense-card__parts" aria-label="Split parts">
        {parts.map((part) => (
          <li key={part.position} className="expense-card__part">
            <span className="expense-card__part-entity">{part.entity ?? 'Unassigned'}</span>{' '}
            <span className="expense-card__part-amount">
              {formatMoney(part.amount, expense.currency)}
              {part.percent === null ? '' : ` (${part.percent}%)`}
            </span>
            {part.tags.length > 0 ? (
              <span className="expense-card__part-tags"> · {part.tags.join(', ')}</span>
            ) : null}
            {part.description ? (
              <span className="expense-card__part-notes"> · {part.description}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
