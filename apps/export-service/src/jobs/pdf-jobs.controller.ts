import { Controller, Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExportEventPatterns,
  ExportPatterns,
  ExportRequest,
  PdfJobIdRequest,
  PdfJobRequestedEvent,
  type EventPattern as BusEvent,
  type MessageContext,
  type PdfJobCreatedResponse,
  type PdfJobFileResponse,
  type PdfJobStatusResponse,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { PdfJobsService } from './pdf-jobs.service.js';

const pdfRequested: BusEvent = ExportEventPatterns.pdfJobRequested;

@Controller()
export class PdfJobsController {
  constructor(@Inject(PdfJobsService) private readonly jobs: PdfJobsService) {}

  @MessagePattern(ExportPatterns.pdfCreate)
  create(
    @UserId() userId: string,
    @Payload('data') body: ExportRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<PdfJobCreatedResponse> {
    return this.jobs.create(userId, body.filters ?? {}, ctx);
  }

  @MessagePattern(ExportPatterns.pdfStatus)
  status(
    @UserId() userId: string,
    @Payload('data') body: PdfJobIdRequest,
  ): Promise<PdfJobStatusResponse> {
    return this.jobs.status(userId, body.job_id);
  }

  @MessagePattern(ExportPatterns.pdfFile)
  file(
    @UserId() userId: string,
    @Payload('data') body: PdfJobIdRequest,
  ): Promise<PdfJobFileResponse> {
    return this.jobs.file(userId, body.job_id);
  }

  @EventPattern(pdfRequested)
  async requested(
    @Payload('data') body: PdfJobRequestedEvent,
    // @EventPattern types every parameter after the first as unknown; MessageCtx validated it.
    @MessageCtx() ctx: unknown,
  ): Promise<void> {
    await this.jobs.run(body.job_id, (ctx as MessageContext).requestId);
  }
}
