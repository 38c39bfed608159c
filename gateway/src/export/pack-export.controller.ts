import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ExportFileNames,
  PDF_JOB_NOT_FOUND,
  PackExportRequest,
  PackPatterns,
  exportDate,
  type MessageContext,
  type PdfJobCreatedResponse,
  type PdfJobStatusResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import type { ObjectStorage } from '@snaptrack/storage';
import { Ctx } from '../common/current-user.decorator.js';
import { ResourceIdPipe } from '../common/resource-id.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { sendExportFile } from './send-export-file.js';

const jobId = new ResourceIdPipe(PDF_JOB_NOT_FOUND);

/**
 * The accountant's pack (a ZIP of the CSVs, the receipt PDF and the original receipt files): a
 * background job of export-service like the receipt PDF, then a download from storage.
 */
@ApiTags('export')
@ApiBearerAuth()
@Controller('export/pack')
export class PackExportController {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(OBJECT_STORAGE) private readonly files: ObjectStorage,
  ) {}

  /** `202 {async: true, job_id, expense_count}`; poll the status, then download. */
  @RateLimit('pdf_export_user')
  @Post()
  @HttpCode(202)
  create(
    @Body() body: PackExportRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<PdfJobCreatedResponse> {
    return this.bus.send(
      PackPatterns.packCreate,
      { filters: body.filters, quickbooksSettings: body.quickbooksSettings },
      ctx,
    );
  }

  @Get('status/:jobId')
  status(
    @Param('jobId', jobId) id: string,
    @Ctx() ctx: MessageContext,
  ): Promise<PdfJobStatusResponse> {
    return this.bus.send(PackPatterns.packStatus, { job_id: id }, ctx);
  }

  @Get('download/:jobId')
  async download(
    @Param('jobId', jobId) id: string,
    @Ctx() ctx: MessageContext,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.bus.send(PackPatterns.packFile, { job_id: id }, ctx);
    await sendExportFile(this.files, file, res, {
      contentType: 'application/zip',
      filename: ExportFileNames.pack(exportDate()),
    });
  }
}
