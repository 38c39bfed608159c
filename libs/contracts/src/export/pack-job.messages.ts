import type { PackExportRequestBody } from '../core/export/export.types.js';
import { QuickBooksExportRequest } from './export-filters.js';

export const PackPatterns = {
  packCreate: 'export.pack-job.create.v1',
  packStatus: 'export.pack-job.status.v1',
  packFile: 'export.pack-job.file.v1',
} as const;

/**
 * POST /api/export/pack: the export filters, and the QuickBooks settings of the pack's invoice
 * CSV (required, the customer within them too, as for POST /api/export/quickbooks).
 */
export class PackExportRequest extends QuickBooksExportRequest implements PackExportRequestBody {}
