import { api } from '@/lib/api-client';
import type { PdfJob } from './types';

/** GET /api/export/pdf/status/{jobId}: how far a PDF export job is. */
export function getPdfStatus(jobId: string) {
  return api.get<PdfJob>(`/export/pdf/status/${encodeURIComponent(jobId)}`);
}
