import { api } from '@/lib/api-client';
import type { PdfJobStatusResponse } from '@snaptrack/contracts/core';

/** GET /api/export/pdf/status/{jobId}: how far a PDF export job is. */
export function getPdfStatus(jobId: string) {
  return api.get<PdfJobStatusResponse>(`/export/pdf/status/${encodeURIComponent(jobId)}`);
}
