import { pipeline } from 'node:stream/promises';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ExportFileNames,
  ExportPatterns,
  ExportRequest,
  PDF_JOB_NOT_FOUND,
  exportDate,
  type MessageContext,
  type PdfJobCreatedResponse,
  type PdfJobStatusResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import { ObjectNotFoundError, type ObjectStorage } from '@snaptrack/storage';
import { ApiError } from '../common/api-error.js';
import { Ctx } from '../common/current-user.decorator.js';
import { ResourceIdPipe } from '../common/resource-id.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

const jobId = new ResourceIdPipe(PDF_JOB_NOT_FOUND);

/** The receipt PDF: a background job of export-service, then a download from storage. */
@ApiTags('export')
@ApiBearerAuth()
@Controller('export/pdf')
export class PdfExportController {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(OBJECT_STORAGE) private readonly files: ObjectStorage,
  ) {}

  /** `202 {async: true, job_id, expense_count}`; poll the status, then download. */
  @RateLimit('pdf_export_user')
  @Post()
  @HttpCode(202)
  create(@Body() body: ExportRequest, @Ctx() ctx: MessageContext): Promise<PdfJobCreatedResponse> {
    return this.bus.send(ExportPatterns.pdfCreate, { filters: body.filters }, ctx);
  }

  @Get('status/:jobId')
  status(
    @Param('jobId', jobId) id: string,
    @Ctx() ctx: MessageContext,
  ): Promise<PdfJobStatusResponse> {
    return this.bus.send(ExportPatterns.pdfStatus, { job_id: id }, ctx);
  }

  @Get('download/:jobId')
  async download(
    @Param('jobId', jobId) id: string,
    @Ctx() ctx: MessageContext,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.bus.send(ExportPatterns.pdfFile, { job_id: id }, ctx);
    const stream = await this.files.get(file.file_key).catch((error: unknown) => {
      // Swept by the retention between the status call and this one.
      if (error instanceof ObjectNotFoundError) {
        throw new ApiError('NOT_FOUND', 'This export has expired. Please export again.');
      }
      throw error;
    });
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Length', String(file.size));
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${ExportFileNames.pdf(exportDate())}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    await pipeline(stream, res).catch(() => res.destroy());
  }
}
