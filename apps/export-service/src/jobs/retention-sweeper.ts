import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { type ExportConfig } from '../config/env.js';
import { PdfJobsService } from './pdf-jobs.service.js';
import { EXPORT_CONFIG } from '../tokens.js';

/** Deletes expired PDFs and their jobs (PDF_SWEEP_INTERVAL_SECONDS, default 5 minutes). */
@Injectable()
export class RetentionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(PdfJobsService) private readonly jobs: PdfJobsService,
    @Inject(EXPORT_CONFIG) private readonly config: ExportConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const every = Math.min(
      this.config.PDF_SWEEP_INTERVAL_SECONDS * 1_000,
      (this.config.PDF_RETENTION_MINUTES * 60_000) / 4,
    );
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref();
    void this.sweep();
  }

  private async sweep(): Promise<void> {
    try {
      const removed = await this.jobs.sweep();
      if (removed) this.logger.info({ removed }, 'expired receipt PDFs deleted');
    } catch (error) {
      this.logger.warn({ err: error }, 'retention sweep failed; the next one retries');
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
