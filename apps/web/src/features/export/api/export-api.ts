import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/api-client';

export type ExportFilters = {
  start_date?: string;
  end_date?: string;
  entities?: string[];
  tags?: string[];
};

export type QuickBooksTerms = 'Due upon receipt' | 'Net 30' | 'Net 60';
export type QuickBooksSettings = {
  customer: string;
  serviceName: string;
  terms: QuickBooksTerms;
  memo: string;
};

export type ExportPreview = { count: number; total: number };

export type PdfJob = {
  job_id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  expense_count: number;
  progress_percent?: number | null;
  error?: string | null;
};

/** POST /api/export/preview: counted and summed by the server (docs/architecture.md, Decisions). */
export function exportPreviewQueryOptions(filters: ExportFilters) {
  return queryOptions({
    queryKey: ['export', 'preview', filters],
    queryFn: ({ signal }) => api.post<ExportPreview>('/export/preview', { filters }, { signal }),
  });
}

export function useExportPreview(filters: ExportFilters, enabled: boolean) {
  return useQuery({ ...exportPreviewQueryOptions(filters), enabled });
}

export async function getTags({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<{ tags: string[] }>('/tags', { signal });
  return body.tags;
}

export function useTags(enabled: boolean) {
  return useQuery({
    queryKey: ['tags', 'all'],
    queryFn: ({ signal }) => getTags({ signal }),
    enabled,
  });
}

/** The file name the server gave (Content-Disposition), else the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** Saves a response body as a file the browser downloads. */
async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function downloadCsv(filters: ExportFilters): Promise<void> {
  const response = await apiFetch('/export/csv', { method: 'POST', body: { filters } });
  await saveResponse(response, 'snaptrack_expenses.csv');
}

export async function downloadQuickBooks(
  filters: ExportFilters,
  quickbooksSettings: QuickBooksSettings,
): Promise<void> {
  const response = await apiFetch('/export/quickbooks', {
    method: 'POST',
    body: { filters, quickbooksSettings },
  });
  await saveResponse(response, 'quickbooks_invoice.csv');
}

/** POST /api/export/pdf: a 202 with async and job_id starts polling (spec section 4). */
export function startPdf(filters: ExportFilters) {
  return api.post<PdfJob & { async?: boolean }>('/export/pdf', { filters });
}

export function getPdfStatus(jobId: string) {
  return api.get<PdfJob>(`/export/pdf/status/${encodeURIComponent(jobId)}`);
}

export async function downloadPdf(jobId: string): Promise<void> {
  const response = await apiFetch(`/export/pdf/download/${encodeURIComponent(jobId)}`);
  await saveResponse(response, 'snaptrack_receipts.pdf');
}
