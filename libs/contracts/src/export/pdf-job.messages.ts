import { IsUUID } from 'class-validator';
import { PDF_JOB_NOT_FOUND } from '../core/export/export.types.js';

export const ExportPatterns = {
  pdfCreate: 'export.pdf-job.create.v1',
  pdfStatus: 'export.pdf-job.status.v1',
  pdfFile: 'export.pdf-job.file.v1',
} as const;

/** A PDF job of the signed-in user, by id. */
export class PdfJobIdRequest {
  @IsUUID('all', { message: PDF_JOB_NOT_FOUND })
  job_id!: string;
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
