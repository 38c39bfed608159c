import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ExportFilters } from './types';
import type { ExportPreviewResponse } from '@snaptrack/contracts/core';

export type { ExportPreviewResponse as ExportPreview } from '@snaptrack/contracts/core';

/** POST /api/export/preview: counted and summed by the server (docs/architecture.md, Decisions). */
export function getExportPreview(
  filters: ExportFilters,
  { signal }: { signal?: AbortSignal } = {},
) {
  return api.post<ExportPreviewResponse>('/export/preview', { filters }, { signal });
}

export function getExportPreviewQueryOptions(filters: ExportFilters) {
  return queryOptions({
    queryKey: ['export', 'preview', filters],
    queryFn: ({ signal }) => getExportPreview(filters, { signal }),
  });
}

type UseExportPreviewOptions = {
  filters: ExportFilters;
  queryConfig?: QueryConfig<typeof getExportPreviewQueryOptions>;
};

export function useExportPreview({ filters, queryConfig }: UseExportPreviewOptions) {
  return useQuery({ ...getExportPreviewQueryOptions(filters), ...queryConfig });
}
