import { api } from '@/lib/api-client';
import type { ExportFilters, PdfJob } from './types';

/**
 * POST /api/export/pdf: a 202 with async and job_id starts polling (docs/api.md, The receipt PDF).
 */
export function startPdf(filters: ExportFilters) {
  return api.post<PdfJob & { async?: boolean }>('/export/pdf', { filters });
}
