import { Inject, Injectable } from '@nestjs/common';
import {
  ExpensesPatterns,
  exportDate,
  quickBooksInvoice,
  type ExportCursor,
  type ExportExpense,
  type ExportFilters,
  type ExportRow,
  type MessageContext,
  type QuickBooksSettings,
} from '@snaptrack/contracts';
import { BusClient, OutboxBus } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import type { ObjectStorage } from '@snaptrack/storage';
import type { ExportConfig } from '../config/env.js';
import { receiptPages } from '../jobs/expense-pages.js';
import { EXPORT_CONFIG } from '../tokens.js';
import { writePack, type PackResult } from './write-pack.js';

/** CSV rows a bus message: as the gateway's CSV download asks for. */
const ROWS_PAGE_SIZE = 2000;

/** The export job's fields the pack needs. */
export interface PackJob {
  id: string;
  user_id: string;
  filters: ExportFilters;
  quickbooks: QuickBooksSettings | null;
}

/** Makes the accountant's pack of a job: asks expenses-service for the data, writes the ZIP. */
@Injectable()
export class PackMaker {
  constructor(
    @Inject(EXPORT_CONFIG) private readonly config: ExportConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(OutboxBus) private readonly outbox: OutboxBus,
  ) {}

  private get bus(): BusClient {
    return this.outbox.client;
  }

  async make(
    job: PackJob,
    key: string,
    ctx: MessageContext,
    onProgress: (share: number) => Promise<void>,
  ): Promise<PackResult> {
    if (!job.quickbooks) throw new Error(`pack job ${job.id} has no QuickBooks settings`);
    const { filters } = job;
    const [preview, currency] = await Promise.all([
      this.bus.send(ExpensesPatterns.exportPreview, { filters }, ctx),
      this.bus.send(ExpensesPatterns.currencyGet, {}, ctx),
    ]);
    const today = exportDate();
    const limit = Math.min(preview.count, this.config.PDF_MAX_RECEIPTS);
    return writePack({
      storage: this.storage,
      userId: job.user_id,
      key,
      date: today,
      homeCurrency: currency.home_currency,
      invoice: quickBooksInvoice(job.quickbooks, today, currency.home_currency),
      cover: {
        filters,
        count: limit,
        totals: preview.totals,
        byEntity: preview.by_entity,
        generatedAt: new Date(),
      },
      limit,
      rows: () => this.rowPages(ctx, filters),
      lines: () => this.linePages(ctx, filters),
      expenses: () => receiptPages(this.bus, ctx, filters),
      onProgress,
      onFileError: (expense, error) =>
        this.logger.warn(
          { err: error, jobId: job.id, expenseId: expense.id },
          'receipt file left out of the pack',
        ),
    });
  }

  /** The expenses as lines (a split expense's parts, for the Xero bills), a page at a time. */
  private async *linePages(
    ctx: MessageContext,
    filters: ExportFilters,
  ): AsyncGenerator<ExportExpense[]> {
    let after: ExportCursor | undefined;
    for (;;) {
      const page = await this.bus.send(
        ExpensesPatterns.exportPage,
        { filters, after, limit: ROWS_PAGE_SIZE, lines: true },
        ctx,
      );
      yield page.expenses;
      if (!page.next) return;
      after = page.next;
    }
  }

  /** The expenses as CSV rows, a keyset page at a time. */
  private async *rowPages(
    ctx: MessageContext,
    filters: ExportFilters,
  ): AsyncGenerator<ExportRow[]> {
    let after: ExportCursor | undefined;
    for (;;) {
      const page = await this.bus.send(
        ExpensesPatterns.exportRows,
        { filters, after, limit: ROWS_PAGE_SIZE },
        ctx,
      );
      yield page.rows;
      if (!page.next) return;
      after = page.next;
    }
  }
}
