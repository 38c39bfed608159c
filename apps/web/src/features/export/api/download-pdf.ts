import { apiFetch } from '@/lib/api-client';
import { saveResponse } from '../utils/save-download';

/** GET /api/export/pdf/download/{jobId}: the finished PDF, saved by the browser. */
export async function downloadPdf(jobId: string): Promise<void> {
  const response = await apiFetch(`/export/pdf/download/${encodeURIComponent(jobId)}`);
  await saveResponse(response, 'snaptrack_receipts.pdf');
}
