import type { DataSource } from 'typeorm';
import { enqueueEvent, type PeriodicJob } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import { MAIL_SCHEMA, type MailIngestConfig } from '../config/env.js';
import { mailMetrics } from '../metrics/mail-metrics.js';
import type { HeldMail } from '../senders/held-mail.js';
import { MailIngestEventPatterns } from '@snaptrack/contracts';

/** Mails handed over per pass: a backlog drains over a few passes, never in one burst. */
const BATCH = 100;

/**
 * Nothing the SMTP door accepted is lost: every MAIL_RETRY_SWEEP_SECONDS, mail still `received`
 * is handed to the consumer again (a fresh `mail-ingest.mail.accepted.v1` through the outbox)
 * once its retry is due, or, never having failed, once it has waited MAIL_STUCK_AFTER_SECONDS
 * (its event was lost or dead-lettered, or the process died while reading it). Handing over
 * pushes `retry_at` out by the same stuck time, so a mail in hand is not handed over twice at
 * once; rows are claimed with SKIP LOCKED, so replicas share the work. Reading twice is safe
 * (MailProcessor's idempotency keys). Each pass also ends held mail past HELD_MAIL_DAYS.
 */
export class MailRetrySweeper implements PeriodicJob {
  readonly name = 'mail retry sweep';
  readonly everyMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: MailIngestConfig,
    private readonly logger: Logger,
    private readonly held: HeldMail,
  ) {
    this.everyMs = config.MAIL_RETRY_SWEEP_SECONDS * 1000;
  }

  async run(): Promise<void> {
    const count = await this.sweep();
    await this.held.expire();
    if (!count) return;
    mailMetrics.requeued(count);
    this.logger.info({ count }, 'waiting mails handed over again');
  }

  /** One pass; returns how many mails were handed over again. */
  sweep(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due: { id: string; user_id: string; attempts: number }[] = await manager.query(
        `SELECT "id", "user_id", "attempts" FROM "${MAIL_SCHEMA}"."inbound_mail"
         WHERE "status" = 'received'
           AND coalesce("retry_at", "received_at" + make_interval(secs => $1)) <= now()
         ORDER BY "received_at" LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [this.config.MAIL_STUCK_AFTER_SECONDS, BATCH],
      );
      for (const mail of due) {
        await manager.query(
          `UPDATE "${MAIL_SCHEMA}"."inbound_mail"
           SET "retry_at" = now() + make_interval(secs => $2) WHERE "id" = $1`,
          [mail.id, this.config.MAIL_STUCK_AFTER_SECONDS],
        );
        await enqueueEvent(
          manager,
          MAIL_SCHEMA,
          MailIngestEventPatterns.mailAccepted,
          { mailId: mail.id },
          { requestId: `mail-${mail.id}-retry-${mail.attempts}`, userId: mail.user_id },
        );
      }
      return due.length;
    });
  }
}
