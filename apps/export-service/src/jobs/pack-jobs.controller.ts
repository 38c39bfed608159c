import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PackExportRequest,
  PackPatterns,
  PdfJobIdRequest,
  type MessageContext,
  type PdfJobCreatedResponse,
  type PdfJobFileResponse,
  type PdfJobStatusResponse,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { PdfJobsService } from './pdf-jobs.service.js';

/**
 * The accountant's pack: a job of the same kind as the receipt PDF (queue, quota, progress,
 * retention), which the same `export.pdf-job.requested.v1` event starts.
 */
@Controller()
export class PackJobsController {
  constructor(@Inject(PdfJobsService) private readonly jobs: PdfJobsService) {}

  @MessagePattern(PackPatterns.packCreate)
  create(
    @UserId() userId: string,
    @Payload('data') body: PackExportRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<PdfJobCreatedResponse> {
    return this.jobs.create(userId, body.filters ?? {}, ctx, body.quickbooksSettings);
  }

  @MessagePattern(PackPatterns.packStatus)
  status(
    @UserId() userId: string,
    @Payload('data') body: PdfJobIdRequest,
  ): Promise<PdfJobStatusResponse> {
    return this.jobs.status(userId, body.job_id, 'pack');
  }

  @MessagePattern(PackPatterns.packFile)
  file(
    @UserId() userId: string,
    @Payload('data') body: PdfJobIdRequest,
  ): Promise<PdfJobFileResponse> {
    return this.jobs.file(userId, body.job_id, 'pack');
  }
}
