import { apiFetch } from '@/lib/api-client';
import { saveResponse } from '../utils/save-download';
import type { ExportFilters } from './types';

export type QuickBooksTerms = 'Due upon receipt' | 'Net 30' | 'Net 60';
export type QuickBooksSettings = {
  customer: string;
  serviceName: string;
  terms: QuickBooksTerms;
  memo: string;
};

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
