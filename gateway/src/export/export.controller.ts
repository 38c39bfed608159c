import { Body, Controller, HttpCode, Inject, Logger, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ExportFileNames,
  ExportRequest,
  ExpensesPatterns,
  QUICKBOOKS_CSV_HEADER,
  QuickBooksExportRequest,
  expenseCsvHeader,
  expenseCsvRow,
  exportDate,
  quickBooksCsvRow,
  quickBooksInvoice,
  type ExportPreviewResponse,
  type MessageContext,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { sendCsv } from './csv-response.js';
import { expenseRows } from './expense-rows.js';

@ApiTags('export')
@ApiBearerAuth()
@Controller('export')
export class ExportController {
  private readonly logger = new Logger('export');

  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  /** How many expenses an export with these filters holds, and their total. */
  @Post('preview')
  @HttpCode(200)
  preview(@Body() body: ExportRequest, @Ctx() ctx: MessageContext): Promise<ExportPreviewResponse> {
    return this.bus.send(ExpensesPatterns.exportPreview, { filters: body.filters }, ctx);
  }

  /** The bookkeeper's CSV, streamed; its last column is in the home currency. */
  @Post('csv')
  async csv(
    @Body() body: ExportRequest,
    @Ctx() ctx: MessageContext,
    @Res() res: Response,
  ): Promise<void> {
    const { home_currency: home } = await this.bus.send(ExpensesPatterns.currencyGet, {}, ctx);
    return sendCsv(
      res,
      ExportFileNames.csv(exportDate()),
      expenseCsvHeader(home),
      expenseRows(this.bus, ctx, body.filters),
      (row) => expenseCsvRow(home, row),
      this.logger,
    );
  }

  /**
   * One QuickBooks Online invoice per currency (an invoice has one currency; the home
   * currency's has the plain number), a line per expense, streamed.
   */
  @Post('quickbooks')
  async quickbooks(
    @Body() body: QuickBooksExportRequest,
    @Ctx() ctx: MessageContext,
    @Res() res: Response,
  ): Promise<void> {
    const today = exportDate();
    const { home_currency: home } = await this.bus.send(ExpensesPatterns.currencyGet, {}, ctx);
    const invoice = quickBooksInvoice(body.quickbooksSettings, today, home);
    return sendCsv(
      res,
      ExportFileNames.quickbooks(today),
      QUICKBOOKS_CSV_HEADER,
      expenseRows(this.bus, ctx, body.filters),
      (row) => quickBooksCsvRow(invoice, row),
      this.logger,
    );
  }
}
