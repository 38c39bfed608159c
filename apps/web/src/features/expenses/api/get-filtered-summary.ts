import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import type { ExportFilters, ExportPreviewResponse } from '@snaptrack/contracts/core';

/**
 * The count and per-currency totals of the expenses a search and filters select: the exports'
 * preview (POST /api/export/preview), the one place the server sums a filtered set. Finished
 * expenses only, like the summary cards.
 */
export function getFilteredSummary(filters: ExportFilters, { signal }: { signal?: AbortSignal }) {
  return api.post<ExportPreviewResponse>('/export/preview', { filters }, { signal });
}

export function getFilteredSummaryQueryOptions(filters: ExportFilters) {
  return queryOptions({
    queryKey: [...EXPENSES_KEY, 'filtered-summary', filters],
    queryFn: ({ signal }) => getFilteredSummary(filters, { signal }),
  });
}

export function useFilteredSummary(filters: ExportFilters, enabled: boolean) {
  return useQuery({ ...getFilteredSummaryQueryOptions(filters), enabled });
}
