import { api } from '@/lib/api-client';
import type { ExportFilters } from './types';
import type { PdfJobCreatedResponse, QuickBooksSettings } from '@snaptrack/contracts/core';

/** POST /api/export/pack: a 202 with job_id starts polling (docs/api.md, The accountant's pack). */
export function startPack(filters: ExportFilters, quickbooksSettings: QuickBooksSettings) {
  return api.post<PdfJobCreatedResponse>('/export/pack', { filters, quickbooksSettings });
}
