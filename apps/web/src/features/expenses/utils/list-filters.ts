import {
  ExpenseLimits,
  ExpenseStatuses,
  SearchLimits,
  isCurrencyCode,
  parseSearchQuery,
  toCalendarDate,
  type ExpenseStatus,
  type ExportFilters,
} from '@snaptrack/contracts/core';

/**
 * The list's search and filters as the URL holds them, under the API's own names
 * (docs/api.md, `GET /api/expenses`), so a link to a search is the search. `needs-review` in
 * `status` is the review queue's filter (`review=needed`).
 */
export type ListFilters = ExportFilters & {
  status?: ExpenseStatus | 'needs-review';
};

export const LIST_FILTER_KEYS = [
  'q',
  'min_amount',
  'max_amount',
  'start_date',
  'end_date',
  'entities',
  'tags',
  'currency',
  'status',
] as const;

function amount(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}(\.\d{1,2})?$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number <= ExpenseLimits.maxAmount ? number : undefined;
}

/**
 * The filters of the URL. A value the API would refuse (an edited or old link) is left out
 * rather than sent, so a bad link shows the list without it instead of an error.
 */
export function readListFilters(params: URLSearchParams): ListFilters {
  const filters: ListFilters = {};
  const q = params.get('q')?.trim();
  if (q && q.length <= SearchLimits.maxQueryLength && parseSearchQuery(q)) filters.q = q;
  const min = amount(params.get('min_amount'));
  const max = amount(params.get('max_amount'));
  if (min !== undefined) filters.min_amount = min;
  if (max !== undefined && (min === undefined || min <= max)) filters.max_amount = max;
  const start = toCalendarDate(params.get('start_date'));
  const end = toCalendarDate(params.get('end_date'));
  if (start) filters.start_date = start;
  if (end) filters.end_date = end;
  const entities = params.getAll('entities').filter((name) => name.trim());
  if (entities.length) filters.entities = entities.slice(0, 50);
  const tags = params.getAll('tags').filter((tag) => tag.trim());
  if (tags.length) filters.tags = tags.slice(0, 50);
  const currency = params.get('currency')?.toUpperCase();
  if (isCurrencyCode(currency)) filters.currency = currency;
  const status = params.get('status');
  if (status === 'needs-review' || (ExpenseStatuses as readonly string[]).includes(status ?? '')) {
    filters.status = status as ListFilters['status'];
  }
  return filters;
}

/** `current` with the filters replaced by `filters` (and back to page 1); other keys stay. */
export function withListFilters(current: URLSearchParams, filters: ListFilters): URLSearchParams {
  const updated = new URLSearchParams(current);
  for (const key of LIST_FILTER_KEYS) updated.delete(key);
  updated.delete('page');
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) updated.append(key, String(item));
    else updated.set(key, String(value));
  }
  return updated;
}

export function hasListFilters(filters: ListFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/** The list request's query: `needs-review` is `review=needed`. */
export function listQuery(filters: ListFilters): Record<string, string | number | string[]> {
  const { status, ...rest } = filters;
  const query: Record<string, string | number | string[]> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) query[key] = value;
  if (status === 'needs-review') query.review = 'needed';
  else if (status) query.status = status;
  return query;
}

/** What the summary cards and the exports take: the list's filters but the status. */
export function exportFiltersOf(filters: ListFilters): ExportFilters {
  const { status: _status, ...rest } = filters;
  return rest;
}

/** The words to mark in the cards (the amounts of `q` are not marked). */
export function searchWordsOf(filters: ListFilters): string[] {
  return parseSearchQuery(filters.q)?.words ?? [];
}
