import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { QuotaMessages, type ReceiptAllowance } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { type ExpensesConfig } from '../config/env.js';
import { EXPENSES_TABLE } from '../expenses/expense-row.js';
import { EXPENSES_CONFIG } from '../tokens.js';

interface Usage {
  /** Uploads and re-extractions of the last hour. */
  uploads: number;
  bytes: string;
  /** Seconds until the oldest of them leaves the window. */
  retry_after: number | null;
}

interface Adding {
  upload: boolean;
  bytes: number;
  reread?: boolean;
}

/**
 * The per-user receipt quotas (uploads and re-extractions per hour, stored bytes), counted in
 * the service's own tables so every replica agrees. `assert` runs inside the receipt's transaction after a
 * per-user lock, so two uploads at the same moment cannot both take the last place.
 */
@Injectable()
export class ReceiptQuota {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EXPENSES_CONFIG)
    private readonly config: Pick<ExpensesConfig, 'UPLOADS_PER_HOUR' | 'STORAGE_BYTES_PER_USER'>,
  ) {}

  /** What is left; throws when nothing is (the gateway asks before it stores an upload). */
  async allowance(userId: string): Promise<ReceiptAllowance> {
    return this.check(this.dataSource.manager, userId, { upload: true, bytes: 0 });
  }

  /**
   * Locks the user's receipt additions for this transaction, then checks what one more needs
   * (`upload`: one more reading of the hour; `reread`: it is a re-extraction).
   */
  async assert(manager: EntityManager, userId: string, adding: Adding): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`receipts:${userId}`]);
    await this.check(manager, userId, adding);
  }

  private async check(
    manager: EntityManager,
    userId: string,
    adding: Adding,
  ): Promise<ReceiptAllowance> {
    // Uploads and re-extractions of the last hour share one budget: both cost a reading.
    const rows: Usage[] = await manager.query(
      `WITH "recent" AS (
         SELECT "created_at" FROM ${EXPENSES_TABLE}
         WHERE "user_id" = $1 AND "receipt_source" = 'upload'
           AND "created_at" > now() - interval '1 hour'
         UNION ALL
         SELECT "created_at" FROM "expenses"."receipt_rereads"
         WHERE "user_id" = $1 AND "created_at" > now() - interval '1 hour'
       )
       SELECT
         (SELECT count(*) FROM "recent")::int AS "uploads",
         (SELECT coalesce(sum("receipt_bytes"), 0) FROM ${EXPENSES_TABLE}
          WHERE "user_id" = $1)::text AS "bytes",
         (SELECT ceil(extract(epoch FROM min("created_at") + interval '1 hour' - now()))
          FROM "recent")::int AS "retry_after"`,
      [userId],
    );
    const usage = rows[0] ?? { uploads: 0, bytes: '0', retry_after: null };
    const { UPLOADS_PER_HOUR: uploadLimit, STORAGE_BYTES_PER_USER: byteLimit } = this.config;
    if (adding.upload && usage.uploads >= uploadLimit) {
      const message = adding.reread
        ? QuotaMessages.rereadsPerHour(uploadLimit)
        : QuotaMessages.uploadsPerHour(uploadLimit);
      throw new BusError('RATE_LIMITED', message, {
        scope: 'uploads_per_hour',
        retry_after_seconds: Math.max(1, usage.retry_after ?? 3600),
      });
    }
    const bytes = Number(usage.bytes);
    // Full already, or this receipt would overfill it (a re-extraction stores nothing).
    if (!adding.reread && (bytes >= byteLimit || bytes + adding.bytes > byteLimit)) {
      throw new BusError('STORAGE_QUOTA_EXCEEDED', QuotaMessages.storageFull(byteLimit), {
        scope: 'storage_bytes',
        limit_bytes: byteLimit,
        used_bytes: bytes,
      });
    }
    return { uploads_left: uploadLimit - usage.uploads, bytes_left: byteLimit - bytes };
  }
}
