import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExportPageRequest,
  ExportRequest,
  ExportRowsRequest,
  ExpensesPatterns,
  type ExportPageResponse,
  type ExportRowsResponse,
  type ExportPreviewResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { ExportService } from './export.service.js';

/** The expenses side of exports (the files themselves are made by the gateway and export). */
@Controller()
export class ExportController {
  constructor(@Inject(ExportService) private readonly exports: ExportService) {}

  @MessagePattern(ExpensesPatterns.exportPage)
  page(
    @UserId() userId: string,
    @Payload('data') body: ExportPageRequest,
  ): Promise<ExportPageResponse> {
    return this.exports.page(userId, body);
  }

  @MessagePattern(ExpensesPatterns.exportRows)
  rows(
    @UserId() userId: string,
    @Payload('data') body: ExportRowsRequest,
  ): Promise<ExportRowsResponse> {
    return this.exports.rows(userId, body);
  }

  @MessagePattern(ExpensesPatterns.exportPreview)
  preview(
    @UserId() userId: string,
    @Payload('data') body: ExportRequest,
  ): Promise<ExportPreviewResponse> {
    return this.exports.preview(userId, body.filters);
  }
}
