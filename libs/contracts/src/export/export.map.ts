import type { ExportRequest } from './export-filters.js';
import type { PackExportRequest } from './pack-job.messages.js';
import type {
  PdfJobFileResponse,
  PdfJobIdRequest,
  PdfJobRequestedEvent,
} from './pdf-job.messages.js';
import type { PdfJobCreatedResponse, PdfJobStatusResponse } from '../core/export/export.types.js';

/** Requests export-service answers, scoped to the user of the context. */
export interface ExportMessages {
  'export.pdf-job.create.v1': { request: ExportRequest; response: PdfJobCreatedResponse };
  'export.pdf-job.status.v1': { request: PdfJobIdRequest; response: PdfJobStatusResponse };
  'export.pdf-job.file.v1': { request: PdfJobIdRequest; response: PdfJobFileResponse };
  'export.pack-job.create.v1': { request: PackExportRequest; response: PdfJobCreatedResponse };
  'export.pack-job.status.v1': { request: PdfJobIdRequest; response: PdfJobStatusResponse };
  'export.pack-job.file.v1': { request: PdfJobIdRequest; response: PdfJobFileResponse };
}

/** Events export-service publishes. */
export interface ExportEvents {
  'export.pdf-job.requested.v1': PdfJobRequestedEvent;
}

export const ExportEventConsumers = {
  'export.pdf-job.requested.v1': ['export'],
} as const;

/** The names of the events export-service publishes (to itself: the PDF is made in the background). */
export const ExportEventPatterns = {
  pdfJobRequested: 'export.pdf-job.requested.v1',
} as const satisfies Record<string, keyof ExportEvents>;
