import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import type { PeriodicJob } from '@snaptrack/nest-rmq';
import { type ExportConfig } from '../config/env.js';
import { PdfJobsService } from './pdf-jobs.service.js';
import { EXPORT_CONFIG } from '../tokens.js';

/** Deletes expired PDFs and their jobs (PDF_SWEEP_INTERVAL_SECONDS, default 5 minutes). */
@Injectable()
export class RetentionSweeper implements PeriodicJob {
  readonly name = 'retention sweep';
  readonly runAtStart = true;
  readonly everyMs: number;

  constructor(
    @Inject(PdfJobsService) private readonly jobs: PdfJobsService,
    @Inject(EXPORT_CONFIG) config: ExportConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.everyMs = Math.min(
      config.PDF_SWEEP_INTERVAL_SECONDS * 1_000,
      (config.PDF_RETENTION_MINUTES * 60_000) / 4,
    );
  }

  async run(): Promise<void> {
    const removed = await this.jobs.sweep();
    if (removed) this.logger.info({ removed }, 'expired receipt PDFs deleted');
  }
}
