import { api } from '@/lib/api-client';
import type { PdfJobStatusResponse } from '@snaptrack/contracts/core';

/** GET /api/export/pack/status/{jobId}: how far an accountant pack job is. */
export function getPackStatus(jobId: string) {
  return api.get<PdfJobStatusResponse>(`/export/pack/status/${encodeURIComponent(jobId)}`);
}
