import { IsUUID } from 'class-validator';

export const ExportPatterns = {
  pdfCreate: 'export.pdf-job.create.v1',
  pdfStatus: 'export.pdf-job.status.v1',
  pdfFile: 'export.pdf-job.file.v1',
} as const;

export const PdfJobStatuses = ['queued', 'processing', 'completed', 'failed'] as const;
export type PdfJobStatus = (typeof PdfJobStatuses)[number];

export const PDF_JOB_NOT_FOUND = 'Export job not found.';

/** A PDF job of the signed-in user, by id. */
export class PdfJobIdRequest {
  @IsUUID('all', { message: PDF_JOB_NOT_FOUND })
  job_id!: string;
}

/** `202` of POST /api/export/pdf (docs/api.md, The receipt PDF). */
export interface PdfJobCreatedResponse {
  success: true;
  async: true;
  job_id: string;
  status: PdfJobStatus;
  expense_count: number;
}

/** GET /api/export/pdf/status/{jobId}. */
export interface PdfJobStatusResponse {
  success: true;
  job_id: string;
  status: PdfJobStatus;
  expense_count: number;
  /** Receipts written so far over the total, 0–100. */
  progress_percent: number;
  error: string | null;
}

/** Where a finished job's file is (for the gateway's download). */
export interface PdfJobFileResponse {
  success: true;
  file_key: string;
  size: number;
}

/** Published by export-service to itself: a replica picks the job up and makes the PDF. */
export class PdfJobRequestedEvent {
  @IsUUID('all', { message: 'job_id must be a UUID.' })
  job_id!: string;
}
