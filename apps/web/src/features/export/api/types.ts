// The shapes every export endpoint shares, from the contracts' core.
export type { ExportFilters, PdfJobStatusResponse as PdfJob } from '@snaptrack/contracts/core';
