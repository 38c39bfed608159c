import { api } from '@/lib/api-client';
import type { ExportFilters } from './types';
import type { PdfJobCreatedResponse } from '@snaptrack/contracts/core';

/** POST /api/export/pdf: a 202 with async and job_id starts polling (spec section 4). */
export function startPdf(filters: ExportFilters) {
  return api.post<PdfJobCreatedResponse>('/export/pdf', { filters });
}
