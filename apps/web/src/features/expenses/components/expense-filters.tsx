import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { UNASSIGNED_ENTITY } from '@snaptrack/contracts/core';
import { Button } from '@/components/ui/button';
import { useEntities } from '@/lib/queries/get-entities';
import { useTags } from '@/lib/queries/get-tags';
import { hasListFilters, type ListFilters } from '../utils/list-filters';

/** How long typing pauses before the list searches. */
const TYPING_PAUSE_MS = 400;

const AMOUNT = /^\d{1,10}([.,]\d{1,2})?$/;
const AMOUNT_HINT = 'Enter an amount such as 12.50.';

type Drafts = { q: string; min: string; max: string; currency: string };

function draftsOf(filters: ListFilters): Drafts {
  return {
    q: filters.q ?? '',
    min: filters.min_amount?.toString() ?? '',
    max: filters.max_amount?.toString() ?? '',
    currency: filters.currency ?? '',
  };
}

/** The typed fields as filters; null (and the field's hint) while one cannot be read yet. */
function typedFilters(drafts: Drafts): { filters: Partial<ListFilters>; error: string | null } {
  const min = drafts.min.trim();
  const max = drafts.max.trim();
  const currency = drafts.currency.trim().toUpperCase();
  if ((min && !AMOUNT.test(min)) || (max && !AMOUNT.test(max))) {
    return { filters: {}, error: AMOUNT_HINT };
  }
  const minValue = min ? Number(min.replace(',', '.')) : undefined;
  const maxValue = max ? Number(max.replace(',', '.')) : undefined;
  if (minValue !== undefined && maxValue !== undefined && minValue > maxValue) {
    return { filters: {}, error: 'The lowest amount is above the highest.' };
  }
  if (currency && !/^[A-Z]{3}$/.test(currency)) {
    return { filters: {}, error: 'Enter a three-letter currency code such as EUR.' };
  }
  return {
    filters: {
      q: drafts.q.trim() || undefined,
      min_amount: minValue,
      max_amount: maxValue,
      currency: currency || undefined,
    },
    error: null,
  };
}

type ExpenseFiltersProps = {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
};

/**
 * The search box and filters above the expense list. Typed fields search after a pause (or on
 * Enter); choices apply at once. The filters themselves live in the URL (the list owns them):
 * this form shows them, and follows the URL when it changes (back, a shared link).
 */
export function ExpenseFilters({ filters, onChange }: ExpenseFiltersProps) {
  const id = useId();
  const entities = useEntities();
  const tags = useTags();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(filters));
  const [error, setError] = useState<string | null>(null);
  const committed = useRef(filters);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL changed without this form (back button, a link): show what it now says.
  useEffect(() => {
    if (JSON.stringify(filters) !== JSON.stringify(committed.current)) {
      committed.current = filters;
      setDrafts(draftsOf(filters));
      setError(null);
    }
  }, [filters]);
  useEffect(() => () => clearTimeout(pause.current), []);

  const commit = (next: ListFilters) => {
    const cleaned = Object.fromEntries(
      Object.entries(next).filter(([, value]) => value !== undefined && value !== ''),
    ) as ListFilters;
    if (JSON.stringify(cleaned) === JSON.stringify(committed.current)) return;
    committed.current = cleaned;
    onChange(cleaned);
  };

  const commitTyped = (nextDrafts: Drafts) => {
    const typed = typedFilters(nextDrafts);
    setError(typed.error);
    if (!typed.error) commit({ ...committed.current, ...typed.filters });
  };

  const type = (change: Partial<Drafts>) => {
    const next = { ...drafts, ...change };
    setDrafts(next);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => commitTyped(next), TYPING_PAUSE_MS);
  };

  const choose = (change: Partial<ListFilters>) => {
    commit({ ...committed.current, ...change });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(pause.current);
    commitTyped(drafts);
  };

  const clear = () => {
    clearTimeout(pause.current);
    setDrafts(draftsOf({}));
    setError(null);
    commit({});
  };

  const chosenCount = [
    filters.min_amount ?? filters.max_amount,
    filters.start_date ?? filters.end_date,
    filters.entities,
    filters.tags,
    filters.currency,
    filters.status,
  ].filter((value) => value !== undefined).length;
  const [open, setOpen] = useState(chosenCount > 0);
  // Filters that arrive by the URL (back, a link) are shown.
  useEffect(() => {
    if (chosenCount > 0) setOpen(true);
  }, [chosenCount]);
  const entityNames = [...(entities.data ?? []).map((entity) => entity.name), UNASSIGNED_ENTITY];

  return (
    <form className="expense-filters" role="search" aria-label="Expenses" onSubmit={submit}>
      <div className="expense-filters__search">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search expenses
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input expense-filters__q"
          placeholder="Search vendor, tag, receipt text, 42.50, >100"
          value={drafts.q}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => type({ q: event.target.value })}
        />
        <Button type="submit" size="sm">
          Search
        </Button>
      </div>
      <details
        className="expense-filters__more"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary>Filters{chosenCount > 0 ? ` (${chosenCount})` : ''}</summary>
        {/* Drawn only when open: closed, the dashboard has one Entity field (the upload card's). */}
        {open ? (
          <div className="expense-filters__grid">
            <label className="expense-filters__field">
              <span>From</span>
              <input
                type="date"
                className="input"
                value={filters.start_date ?? ''}
                onChange={(event) => choose({ start_date: event.target.value || undefined })}
              />
            </label>
            <label className="expense-filters__field">
              <span>To</span>
              <input
                type="date"
                className="input"
                value={filters.end_date ?? ''}
                onChange={(event) => choose({ end_date: event.target.value || undefined })}
              />
            </label>
            <label className="expense-filters__field">
              <span>Min amount</span>
              <input
                inputMode="decimal"
                className="input"
                value={drafts.min}
                placeholder="0.00"
                aria-invalid={error === AMOUNT_HINT || undefined}
                onChange={(event) => type({ min: event.target.value })}
              />
            </label>
            <label className="expense-filters__field">
              <span>Max amount</span>
              <input
                inputMode="decimal"
                className="input"
                value={drafts.max}
                placeholder="Any"
                aria-invalid={error === AMOUNT_HINT || undefined}
                onChange={(event) => type({ max: event.target.value })}
              />
            </label>
            <label className="expense-filters__field">
              <span>Entity</span>
              <select
                aria-label="Filter by entity"
                className="input"
                value={filters.entities?.[0] ?? ''}
                onChange={(event) =>
                  choose({ entities: event.target.value ? [event.target.value] : undefined })
                }
              >
                <option value="">All entities</option>
                {entityNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label className="expense-filters__field">
              <span>Tag</span>
              <select
                aria-label="Filter by tag"
                className="input"
                value={filters.tags?.[0] ?? ''}
                onChange={(event) =>
                  choose({ tags: event.target.value ? [event.target.value] : undefined })
                }
              >
                <option value="">All tags</option>
                {(tags.data ?? []).map((tag) => (
                  <option key={tag} value={tag}>
                    {tag}
                  </option>
                ))}
              </select>
            </label>
            <label className="expense-filters__field">
              <span>Currency</span>
              <input
                aria-label="Filter by currency"
                className="input"
                value={drafts.currency}
                placeholder="Any"
                maxLength={3}
                autoCapitalize="characters"
                onChange={(event) => type({ currency: event.target.value })}
              />
            </label>
            <label className="expense-filters__field">
              <span>Status</span>
              <select
                aria-label="Filter by status"
                className="input"
                value={filters.status ?? ''}
                onChange={(event) =>
                  choose({ status: (event.target.value || undefined) as ListFilters['status'] })
                }
              >
                <option value="">Any status</option>
                <option value="ready">Ready</option>
                <option value="processing">Processing</option>
                <option value="failed">Failed</option>
                <option value="needs-review">Needs review</option>
              </select>
            </label>
          </div>
        ) : null}
      </details>
      {error ? (
        <p className="expense-filters__error" role="alert">
          {error}
        </p>
      ) : null}
      {hasListFilters(filters) ? (
        <button type="button" className="link-button expense-filters__clear" onClick={clear}>
          Clear search and filters
        </button>
      ) : null}
    </form>
  );
}
