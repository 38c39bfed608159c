import type { DataSource } from 'typeorm';
import type { Logger } from '@snaptrack/nest-logging';
import type { PeriodicJob } from '@snaptrack/nest-rmq';
import { sweepOrphans, type ObjectStorage } from '@snaptrack/storage';
import { MAIL_SCHEMA, type MailIngestConfig } from '../config/env.js';

/** Raw messages are stored under this folder (`mail/<yyyy>/<mm>/<dd>/<uuid>.eml`). */
export const RAW_MAIL_PREFIX = 'mail/';

/**
 * Deletes raw mails no row claims once older than ORPHAN_SWEEP_GRACE_MINUTES: a message whose
 * rows did not commit (the process died between storing and recording it), or one whose delete
 * failed after its last receipt went. Every ORPHAN_SWEEP_INTERVAL_SECONDS.
 */
export class RawMailSweeper implements PeriodicJob {
  readonly name = 'raw mail sweep';
  readonly everyMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly config: MailIngestConfig,
    private readonly logger: Logger,
  ) {
    this.everyMs = config.ORPHAN_SWEEP_INTERVAL_SECONDS * 1000;
  }

  async run(): Promise<void> {
    const deleted = await this.sweep();
    if (deleted) this.logger.info({ deleted }, 'orphaned raw mails deleted');
  }

  /** One pass; returns how many raw mails were deleted. */
  sweep(): Promise<number> {
    return sweepOrphans(this.storage, {
      prefix: RAW_MAIL_PREFIX,
      olderThan: new Date(Date.now() - this.config.ORPHAN_SWEEP_GRACE_MINUTES * 60_000),
      referenced: async (keys) => {
        const rows: { raw_key: string }[] = await this.dataSource.query(
          `SELECT DISTINCT "raw_key" FROM "${MAIL_SCHEMA}"."inbound_mail"
           WHERE "raw_key" = ANY($1::text[]) AND "raw_deleted_at" IS NULL`,
          [keys],
        );
        return new Set(rows.map((row) => row.raw_key));
      },
    });
  }
}
