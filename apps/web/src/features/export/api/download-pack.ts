import { apiFetch } from '@/lib/api-client';
import { saveResponse } from '../utils/save-download';

/** GET /api/export/pack/download/{jobId}: the finished ZIP, saved by the browser. */
export async function downloadPack(jobId: string): Promise<void> {
  const response = await apiFetch(`/export/pack/download/${encodeURIComponent(jobId)}`);
  await saveResponse(response, 'snaptrack_pack.zip');
}
