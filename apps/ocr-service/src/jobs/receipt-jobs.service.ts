import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  OcrPatterns,
  ReceiptUploadLimits,
  type ProcessReceiptJob,
  type ReceiptFingerprint,
  type ReceiptProcessedEvent,
} from '@snaptrack/contracts';
import { DELIVERY_LIMIT, handleOnce, enqueueEvent, OutboxBus } from '@snaptrack/nest-rmq';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import { ObjectNotFoundError, type ObjectStorage } from '@snaptrack/storage';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { OCR_SCHEMA } from '../config/env.js';
import { EnginePool } from '../ocr/engine-pool.js';
import { readReceipt, readTextReceipt, type Reading } from '../read/read-receipt.js';
import type { LlmExtractor } from '../extraction/llm-extractor.js';
import { ocrMetrics } from '../metrics/ocr-metrics.js';
import { receiptFingerprint } from '../fingerprint/receipt-fingerprint.js';
import { LLM_EXTRACTOR } from '../tokens.js';

/** Larger than any upload (20 MB) and any mailed attachment (25 MB message). */
const MAX_FILE_BYTES = 26 * 1024 * 1024;

/**
 * Reads one stored receipt per job and publishes the result through the outbox. The result
 * and the inbox row commit together, so a redelivered job publishes nothing twice; a job that
 * keeps failing for a transient reason ends as a failed reading on its last delivery instead of
 * leaving the expense processing forever.
 */
@Injectable()
export class ReceiptJobsService implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(EnginePool) private readonly engines: EnginePool,
    @Inject(OutboxBus) private readonly outbox: OutboxBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(LLM_EXTRACTOR) private readonly llm: LlmExtractor | null,
  ) {}

  async handle(job: ProcessReceiptJob, messageId: string, attempt: number): Promise<void> {
    if (await this.alreadyHandled(messageId)) return;
    const started = Date.now();
    let reading: Reading & { fingerprint?: ReceiptFingerprint | null };
    try {
      reading = await this.read(job);
    } catch (error) {
      if (attempt < DELIVERY_LIMIT) throw error;
      this.logger.error({ err: error, jobId: job.job_id }, 'receipt failed on its last delivery');
      reading = {
        status: 'failed',
        fields: null,
        rawText: null,
        error: 'The receipt could not be read because of an internal error. Please retry.',
        method: this.engines.name,
      };
    }
    const durationMs = Date.now() - started;
    ocrMetrics.job(this.engines.name, reading.status, durationMs / 1000);
    const event: ReceiptProcessedEvent = {
      job_id: job.job_id,
      expense_id: job.expense_id,
      user_id: job.user_id,
      status: reading.status,
      fields: reading.fields,
      raw_text: reading.rawText?.slice(0, 100_000) ?? null,
      error: reading.error,
      method: reading.method,
      fingerprint: reading.fingerprint ?? null,
    };
    const fresh = await handleOnce(
      this.dataSource,
      OCR_SCHEMA,
      messageId,
      OcrPatterns.process,
      async (manager) => {
        await manager.query(
          `INSERT INTO "ocr"."readings" ("job_id", "expense_id", "user_id", "status", "method",
             "error", "duration_ms") VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT ("job_id") DO NOTHING`,
          [
            job.job_id,
            job.expense_id,
            job.user_id,
            reading.status,
            reading.method,
            reading.error,
            durationMs,
          ],
        );
        await enqueueEvent(manager, OCR_SCHEMA, OcrPatterns.processed, event, {
          requestId: `job-${job.job_id}`,
          userId: job.user_id,
        });
      },
    );
    if (fresh) this.outbox.kick();
    this.logger.info(
      { jobId: job.job_id, status: reading.status, durationMs, duplicate: !fresh },
      'receipt read',
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.engines.close();
  }

  /** The reading of the job's receipt, with its fingerprint (for the duplicate check). */
  private async read(
    job: ProcessReceiptJob,
  ): Promise<Reading & { fingerprint: ReceiptFingerprint | null }> {
    let file: Buffer;
    try {
      file = await this.load(job.storage_key);
    } catch (error) {
      if (!(error instanceof ObjectNotFoundError)) throw error;
      return {
        status: 'failed',
        fields: null,
        rawText: null,
        error: 'The receipt file is missing. Please upload it again.',
        method: this.engines.name,
        fingerprint: null,
      };
    }
    const reading = await this.readFile(job, file);
    const fingerprint = await receiptFingerprint(
      file,
      job.content_type,
      reading.rawText,
      ReceiptUploadLimits.maxPixels,
    );
    return { ...reading, fingerprint };
  }

  private async readFile(job: ProcessReceiptJob, file: Buffer): Promise<Reading> {
    if (job.content_type === 'text/plain')
      return readTextReceipt(file.toString('utf8'), undefined, this.llm, job.locale);
    return readReceipt(file, {
      recognize: async (image, options) => {
        await ocrMetrics.page(this.engines.name, image);
        return this.engines.recognize(image, options);
      },
      engineName: this.engines.name,
      doubtfulBelow: this.engines.doubtfulBelow,
      languages: this.engines.languages,
      maxPixels: ReceiptUploadLimits.maxPixels,
      llm: this.llm,
      locale: job.locale ?? undefined,
    });
  }

  private async load(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await this.storage.get(key)) {
      const bytes = chunk as Buffer;
      size += bytes.length;
      if (size > MAX_FILE_BYTES) throw new Error(`receipt ${key} is larger than expected`);
      chunks.push(bytes);
    }
    return Buffer.concat(chunks);
  }

  private async alreadyHandled(messageId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "ocr"."inbox" WHERE "message_id" = $1`,
      [messageId],
    );
    return rows.length > 0;
  }
}
