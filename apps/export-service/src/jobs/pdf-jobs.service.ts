import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ExpensesPatterns,
  ExportEventPatterns,
  PDF_JOB_NOT_FOUND,
  QuotaMessages,
  type ExportFilters,
  type MessageContext,
  type PdfJobCreatedResponse,
  type PdfJobFileResponse,
  type PdfJobStatus,
  type PdfJobStatusResponse,
  type QuickBooksSettings,
} from '@snaptrack/contracts';
import { BusClient, BusError, enqueueEvent, OutboxBus, secondsSince } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import type { ObjectStorage } from '@snaptrack/storage';
import { EXPORT_SCHEMA, type ExportConfig } from '../config/env.js';
import { writeReceiptPdf } from '../pdf/write-receipt-pdf.js';
import { receiptPages } from './expense-pages.js';
import { Semaphore } from './semaphore.js';
import { PackTooLargeError } from '../pack/zip-stream.js';
import { pdfMetrics } from '../metrics/pdf-metrics.js';
import { PackMaker } from '../pack/pack-maker.js';
import { ExportJobLabels, type ExportJobKind } from '../pack/export-job-kind.js';
import { EXPORT_CONFIG } from '../tokens.js';

export interface JobRow {
  id: string;
  user_id: string;
  kind: ExportJobKind;
  /** The pack's QuickBooks settings; null for a PDF. */
  quickbooks: QuickBooksSettings | null;
  status: PdfJobStatus;
  filters: ExportFilters;
  expense_count: number;
  processed_count: number;
  error: string | null;
  file_key: string | null;
  file_size: string | null;
}

/** Progress is written at most this often (and at the end): one row update, not one a page. */
const PROGRESS_EVERY_MS = 500;

/** A PDF takes seconds to a minute: worth asking again after this long. */
const PDF_SLOT_RETRY_SECONDS = 30;

function notFound(): BusError {
  return new BusError('NOT_FOUND', PDF_JOB_NOT_FOUND);
}

@Injectable()
export class PdfJobsService {
  private readonly running: Semaphore;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EXPORT_CONFIG) private readonly config: ExportConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(OutboxBus) private readonly outbox: OutboxBus,
    @Inject(PackMaker) private readonly packs: PackMaker,
  ) {
    this.running = new Semaphore(config.PDF_CONCURRENCY);
  }

  private get bus(): BusClient {
    return this.outbox.client;
  }

  /**
   * Counts what the PDF (or the pack, with its QuickBooks settings) will hold, records the job
   * and queues it (one transaction).
   */
  async create(
    userId: string,
    filters: ExportFilters,
    ctx: MessageContext,
    pack?: QuickBooksSettings,
  ): Promise<PdfJobCreatedResponse> {
    const kind: ExportJobKind = pack ? 'pack' : 'pdf';
    const preview = await this.bus.send(ExpensesPatterns.exportPreview, { filters }, ctx);
    if (preview.count === 0) {
      throw new BusError('VALIDATION_FAILED', 'No expenses match these filters.');
    }
    if (preview.count > this.config.PDF_MAX_RECEIPTS) {
      throw new BusError(
        'VALIDATION_FAILED',
        `${ExportJobLabels[kind].one} can hold at most ${this.config.PDF_MAX_RECEIPTS} receipts. Choose a shorter period or fewer entities.`,
      );
    }
    const id = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await this.assertJobSlot(manager, userId, kind);
      await manager.query(
        `INSERT INTO "export"."pdf_jobs" ("id", "user_id", "filters", "expense_count", "expires_at",
           "kind", "quickbooks")
         VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5), $6, $7)`,
        [
          id,
          userId,
          JSON.stringify(filters),
          preview.count,
          this.config.PDF_RETENTION_MINUTES,
          kind,
          pack ? JSON.stringify(pack) : null,
        ],
      );
      await enqueueEvent(
        manager,
        EXPORT_SCHEMA,
        ExportEventPatterns.pdfJobRequested,
        { job_id: id },
        { requestId: ctx.requestId, userId },
      );
    });
    this.outbox.kick();
    return {
      success: true,
      async: true,
      job_id: id,
      status: 'queued',
      expense_count: preview.count,
    };
  }

  /**
   * The per-user quota of PDFs (or packs) in the making, counted in the jobs table (so every
   * replica agrees) under a per-user lock, so two requests at the same moment cannot both take
   * the last slot.
   */
  private async assertJobSlot(
    manager: EntityManager,
    userId: string,
    kind: ExportJobKind,
  ): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`export:${kind}:${userId}`]);
    const rows: { open: number }[] = await manager.query(
      `SELECT count(*)::int AS "open" FROM "export"."pdf_jobs"
       WHERE "user_id" = $1 AND "kind" = $2 AND "status" IN ('queued', 'processing')`,
      [userId, kind],
    );
    const limit = this.config.PDF_JOBS_PER_USER;
    if ((rows[0]?.open ?? 0) >= limit) {
      const message =
        kind === 'pdf' ? QuotaMessages.pdfJobsAtOnce(limit) : ExportJobLabels.pack.atOnce(limit);
      throw new BusError('RATE_LIMITED', message, {
        scope: 'pdf_jobs',
        retry_after_seconds: PDF_SLOT_RETRY_SECONDS,
      });
    }
  }

  private async job(userId: string, jobId: string, kind: ExportJobKind): Promise<JobRow> {
    const rows: JobRow[] = await this.dataSource.query(
      `SELECT * FROM "export"."pdf_jobs" WHERE "id" = $1 AND "user_id" = $2 AND "kind" = $3`,
      [jobId, userId, kind],
    );
    if (!rows[0]) throw notFound();
    return rows[0];
  }

  async status(
    userId: string,
    jobId: string,
    kind: ExportJobKind = 'pdf',
  ): Promise<PdfJobStatusResponse> {
    const job = await this.job(userId, jobId, kind);
    const done = job.status === 'completed';
    const share = job.expense_count ? job.processed_count / job.expense_count : 0;
    return {
      success: true,
      job_id: job.id,
      status: job.status,
      expense_count: job.expense_count,
      // 100 only once the file is stored: the last receipt written is not yet a download.
      progress_percent: done ? 100 : Math.min(99, Math.floor(share * 100)),
      error: job.error,
    };
  }

  async file(
    userId: string,
    jobId: string,
    kind: ExportJobKind = 'pdf',
  ): Promise<PdfJobFileResponse> {
    const job = await this.job(userId, jobId, kind);
    if (job.status !== 'completed' || !job.file_key) {
      throw new BusError('CONFLICT', `${ExportJobLabels[kind].the} is not ready yet.`);
    }
    return { success: true, file_key: job.file_key, size: Number(job.file_size ?? 0) };
  }

  /**
   * Makes the PDF of a queued job. A redelivered message (the replica died mid-job) starts the
   * job over; a finished or failed job is left alone. Failures end as a failed job with a
   * reason, never as a message that comes back forever.
   */
  async run(jobId: string, requestId: string): Promise<void> {
    await this.running.use(async () => {
      // TypeORM answers an UPDATE … RETURNING with [rows, affected].
      const [claimed]: [JobRow[], number] = await this.dataSource.query(
        `UPDATE "export"."pdf_jobs" SET "status" = 'processing', "started_at" = now(),
           "processed_count" = 0
         WHERE "id" = $1 AND "status" IN ('queued', 'processing') RETURNING *`,
        [jobId],
      );
      const job = claimed[0];
      if (!job) return;
      const started = process.hrtime.bigint();
      try {
        const ctx = { requestId, userId: job.user_id };
        if (job.kind === 'pack') await this.makePack(job, ctx);
        else await this.make(job, ctx);
        pdfMetrics.job('completed', secondsSince(started));
      } catch (error) {
        pdfMetrics.job('failed', secondsSince(started));
        this.logger.error({ err: error, jobId, kind: job.kind }, 'export job failed');
        await this.dataSource.query(
          `UPDATE "export"."pdf_jobs" SET "status" = 'failed', "error" = $2, "finished_at" = now()
           WHERE "id" = $1`,
          [jobId, userMessage(error)],
        );
      }
    });
  }

  private async make(job: JobRow, ctx: MessageContext): Promise<void> {
    const preview = await this.bus.send(
      ExpensesPatterns.exportPreview,
      { filters: job.filters },
      ctx,
    );
    const key = `exports/${job.user_id}/${job.id}.pdf`;
    let lastWrite = Date.now();
    const result = await writeReceiptPdf({
      userId: job.user_id,
      storage: this.storage,
      key,
      cover: {
        filters: job.filters,
        count: Math.min(preview.count, this.config.PDF_MAX_RECEIPTS),
        totals: preview.totals,
        byEntity: preview.by_entity,
        generatedAt: new Date(),
      },
      pages: receiptPages(this.bus, ctx, job.filters),
      limit: Math.min(preview.count, this.config.PDF_MAX_RECEIPTS),
      onProgress: async (written) => {
        if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = Date.now();
        await this.dataSource.query(
          `UPDATE "export"."pdf_jobs" SET "processed_count" = $2, "expense_count" = GREATEST("expense_count", $2)
           WHERE "id" = $1`,
          [job.id, written],
        );
      },
      onImageError: (expense, error) =>
        this.logger.warn(
          { err: error, jobId: job.id, expenseId: expense.id },
          'receipt image unreadable',
        ),
    });
    await this.dataSource.query(
      `UPDATE "export"."pdf_jobs" SET "status" = 'completed', "processed_count" = $2,
         "expense_count" = $2, "file_key" = $3, "file_size" = $4, "finished_at" = now(),
         "expires_at" = now() + make_interval(mins => $5), "error" = NULL
       WHERE "id" = $1`,
      [job.id, result.written, key, result.size, this.config.PDF_RETENTION_MINUTES],
    );
    pdfMetrics.size(result.size);
    this.logger.info(
      { jobId: job.id, receipts: result.written, bytes: result.size },
      'receipt PDF stored',
    );
  }

  /** The accountant's pack of a claimed job, with the same progress and end as a PDF. */
  private async makePack(job: JobRow, ctx: MessageContext): Promise<void> {
    const key = `exports/${job.user_id}/${job.id}.zip`;
    let lastWrite = Date.now();
    const result = await this.packs.make(job, key, ctx, async (done) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      await this.dataSource.query(
        `UPDATE "export"."pdf_jobs" SET "processed_count" = LEAST("expense_count", $2)
         WHERE "id" = $1`,
        [job.id, Math.floor(done * job.expense_count)],
      );
    });
    await this.dataSource.query(
      `UPDATE "export"."pdf_jobs" SET "status" = 'completed', "processed_count" = $2,
         "expense_count" = $2, "file_key" = $3, "file_size" = $4, "finished_at" = now(),
         "expires_at" = now() + make_interval(mins => $5), "error" = NULL
       WHERE "id" = $1`,
      [job.id, result.expenses, key, result.size, this.config.PDF_RETENTION_MINUTES],
    );
    this.logger.info(
      { jobId: job.id, expenses: result.expenses, originals: result.originals, bytes: result.size },
      'accountant pack stored',
    );
  }

  /** Deletes the files and rows of jobs past their retention; returns how many went. */
  async sweep(): Promise<number> {
    const expired: { id: string; file_key: string | null }[] = await this.dataSource.query(
      `SELECT "id", "file_key" FROM "export"."pdf_jobs" WHERE "expires_at" < now()
       ORDER BY "expires_at" LIMIT 200`,
    );
    for (const job of expired) {
      // The file first: a row without its file is harmless, a file without its row is a leak.
      if (job.file_key) await this.storage.delete(job.file_key);
      await this.dataSource.query(`DELETE FROM "export"."pdf_jobs" WHERE "id" = $1`, [job.id]);
    }
    return expired.length;
  }
}

/** The reason a user sees ('PDF generation failed: {error}'). */
function userMessage(error: unknown): string {
  if (error instanceof BusError || error instanceof PackTooLargeError) return error.message;
  return 'The receipts could not be put together.';
}
