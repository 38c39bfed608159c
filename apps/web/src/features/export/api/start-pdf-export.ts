import { api } from '@/lib/api-client';
import type { ExportFilters } from './types';
import type { PdfJobCreatedResponse } from '@snaptrack/contracts/core';

/**
 * POST /api/export/pdf: a 202 with async and job_id starts polling (docs/api.md, The receipt PDF).
 */
export function startPdf(filters: ExportFilters) {
  return api.post<PdfJobCreatedResponse>('/export/pdf', { filters });
}
