import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import type { Expense } from '@/types/api';
import { useEntities } from '@/lib/queries/get-entities';
import { useStepwiseCount } from '@/lib/use-stepwise-count';
import { useExpenses } from '../api/get-expenses';
import { readPageParams } from '../utils/pagination';
import {
  hasListFilters,
  readListFilters,
  searchWordsOf,
  withListFilters,
  type ListFilters,
} from '../utils/list-filters';
import { DeleteExpenseDialog } from './delete-expense-dialog';
import { ExpenseCard } from './expense-card';
import { ExpenseFilters } from './expense-filters';
import type { CardSearch } from './search-marks';
import { PaginationControls } from './pagination-controls';
import { SplitDialog } from './split-dialog';
import { hasReceipt, NO_RECEIPT_MESSAGE, ReceiptDialog } from './receipt-dialog';
import './expenses.css';
import './expense-filters.css';

export const EMPTY_MESSAGE =
  'No expenses yet - Upload your first receipt to get started with expense tracking.';
export const NO_MATCH_MESSAGE = 'No expenses match your search and filters.';

function Skeletons({ count }: { count: number }) {
  return (
    <div className="expense-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="card expense-card expense-card--skeleton">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}

/**
 * The expense list: a two-column grid of cards, `page` and `limit` kept in the URL (1 and 25
 * by default), skeletons while loading, the empty state, and 'Try Again' after a failure. The
 * first page load draws six cards, then the rest in steps when the browser is idle (the grid is
 * aria-busy until all are there).
 */
type ExpenseListProps = {
  /**
   * Actions another feature adds to each card (the dashboard passes receipts' reprocess
   * button): the screen composes features, a feature does not import another.
   */
  renderActions?: (expense: Expense) => ReactNode;
};

/** Memoised: the dashboard re-renders on its own state (dialogs, uploads), the list need not. */
export const ExpenseList = memo(function ExpenseList({ renderActions }: ExpenseListProps = {}) {
  const [params, setParams] = useSearchParams();
  const { page, limit } = readPageParams(params);
  // Parsed once per URL: the same object (and query key) until the URL's filters change.
  const filterKey = params.toString();
  const filters = useMemo(() => readListFilters(new URLSearchParams(filterKey)), [filterKey]);
  const filtered = hasListFilters(filters);
  const expenses = useExpenses({ page, limit, filters });
  const entities = useEntities();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const [viewing, setViewing] = useState<Expense | null>(null);
  const [splitting, setSplitting] = useState<Expense | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The same handlers for every card and every render: a card re-renders only when it changes.
  const entityList = useMemo(() => entities.data ?? [], [entities.data]);
  const edit = useCallback((expense: Expense) => setEditing(expense.id), []);
  const editDone = useCallback(() => setEditing(null), []);
  const viewReceipt = useCallback((expense: Expense) => {
    if (hasReceipt(expense)) setViewing(expense);
    else setNotice(NO_RECEIPT_MESSAGE);
  }, []);
  // The first screenful of cards paints at once, the rest when the browser is idle.
  const all = expenses.data?.expenses ?? [];
  const shown = useStepwiseCount(all.length);
  const revealing = shown < all.length;
  // One search object per card and response, so the memoised cards redraw only when it changes.
  const words = useMemo(() => searchWordsOf(filters), [filters]);
  const matches = expenses.data?.matches;
  const searches = useMemo(() => {
    const byId = new Map<string, CardSearch>();
    if (words.length === 0) return byId;
    for (const expense of all) {
      byId.set(expense.id, { words, receipt: matches?.[expense.id]?.receipt_text });
    }
    return byId;
  }, [all, words, matches]);

  const filter = (next: ListFilters) => {
    setParams((current) => withListFilters(current, next));
    setEditing(null);
  };

  const go = (next: { page?: number; limit?: number }) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('page', String(next.page ?? page));
        updated.set('limit', String(next.limit ?? limit));
        return updated;
      },
      { preventScrollReset: false },
    );
    setEditing(null);
  };

  let body;
  if (expenses.isPending) {
    body = <Skeletons count={4} />;
  } else if (expenses.isError) {
    body = (
      <div className="expense-list__state" role="alert">
        <p>Failed to load expenses</p>
        <Button variant="outline" size="sm" onClick={() => void expenses.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (expenses.data.expenses.length === 0) {
    body = (
      <p className="expense-list__state">
        {expenses.data.pagination.total_count > 0
          ? 'No expenses on this page.'
          : filtered
            ? NO_MATCH_MESSAGE
            : EMPTY_MESSAGE}
      </p>
    );
  } else {
    body = (
      <div
        className={expenses.isPlaceholderData ? 'expense-grid expense-grid--stale' : 'expense-grid'}
        aria-busy={expenses.isPlaceholderData || revealing || undefined}
      >
        {all.slice(0, shown).map((expense) => (
          <ExpenseCard
            key={expense.id}
            expense={expense}
            entities={entityList}
            editing={editing === expense.id}
            onEdit={edit}
            onEditDone={editDone}
            onDelete={setDeleting}
            onViewReceipt={viewReceipt}
            onSplit={setSplitting}
            renderActions={renderActions}
            search={searches.get(expense.id)}
          />
        ))}
      </div>
    );
  }

  const pagination = expenses.data?.pagination;
  return (
    <section className="expense-list" aria-labelledby="expenses-heading">
      <header className="expense-list__head">
        <h2 id="expenses-heading" className="expense-list__title">
          Expenses
        </h2>
        {pagination ? (
          <span className="expense-list__count">
            {pagination.total_count} {pagination.total_count === 1 ? 'expense' : 'expenses'}
          </span>
        ) : null}
      </header>
      <ExpenseFilters filters={filters} onChange={filter} />
      {notice ? (
        <p className="expense-list__notice" role="alert">
          {notice}
          <button type="button" className="link-button" onClick={() => setNotice(null)}>
            OK
          </button>
        </p>
      ) : null}
      {body}
      {pagination && pagination.total_count > 0 ? (
        <PaginationControls
          pagination={pagination}
          onPage={(next) => go({ page: next })}
          onPageSize={(size) => go({ page: 1, limit: size })}
        />
      ) : null}
      <DeleteExpenseDialog expense={deleting} onClose={() => setDeleting(null)} />
      <ReceiptDialog expense={viewing} onClose={() => setViewing(null)} />
      <SplitDialog expense={splitting} entities={entityList} onClose={() => setSplitting(null)} />
    </section>
  );
});
