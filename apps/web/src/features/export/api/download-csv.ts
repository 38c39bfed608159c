import { apiFetch } from '@/lib/api-client';
import { saveResponse } from '../utils/save-download';
import type { ExportFilters } from './types';

/** POST /api/export/csv: the filtered expenses as a CSV file the browser saves. */
export async function downloadCsv(filters: ExportFilters): Promise<void> {
  const response = await apiFetch('/export/csv', { method: 'POST', body: { filters } });
  await saveResponse(response, 'snaptrack_expenses.csv');
}
