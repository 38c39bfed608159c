import { apiFetch } from '@/lib/api-client';
import { saveResponse } from '../utils/save-download';
import type { ExportFilters } from './types';
import type { QuickBooksSettings } from '@snaptrack/contracts/core';

export type {
  QuickBooksSettings,
  QuickBooksTerm as QuickBooksTerms,
} from '@snaptrack/contracts/core';
/** POST /api/export/quickbooks: a QuickBooks invoice import file the browser saves. */
export async function downloadQuickBooks(
  filters: ExportFilters,
  quickbooksSettings: QuickBooksSettings,
): Promise<void> {
  const response = await apiFetch('/export/quickbooks', {
    method: 'POST',
    body: { filters, quickbooksSettings },
  });
  await saveResponse(response, 'quickbooks_invoice.csv');
}
