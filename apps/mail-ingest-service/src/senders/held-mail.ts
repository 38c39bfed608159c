import type { DataSource } from 'typeorm';
import {
  SenderRuleMessages,
  type InboundMailEntry,
  MailIngestEventPatterns,
} from '@snaptrack/contracts';
import { BusError, enqueueEvent } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import { MAIL_SCHEMA, type MailIngestConfig } from '../config/env.js';
import type { MailLog } from '../log/mail-log.service.js';
import type { RawMailRetention } from '../retention/raw-mail-retention.js';

/** Held mails expired per pass. */
const BATCH = 100;

/**
 * Mail the sender rules held back: its owner releases it (read now, as if its sender were
 * listed), or after HELD_MAIL_DAYS it ends as failed and its raw message is deleted.
 */
export class HeldMail {
  constructor(
    private readonly dataSource: DataSource,
    private readonly log: MailLog,
    private readonly retention: RawMailRetention,
    private readonly config: Pick<MailIngestConfig, 'HELD_MAIL_DAYS'>,
    private readonly logger: Logger,
  ) {}

  async release(userId: string, id: string): Promise<InboundMailEntry> {
    await this.dataSource.transaction(async (manager) => {
      const [released]: [unknown[], number] = await manager.query(
        `UPDATE "${MAIL_SCHEMA}"."inbound_mail"
         SET "status" = 'received', "released_at" = now(), "reason" = NULL,
             "processed_at" = NULL, "attempts" = 0, "retry_at" = NULL
         WHERE "id" = $1 AND "user_id" = $2 AND "status" = 'held' AND "raw_deleted_at" IS NULL
         RETURNING "id"`,
        [id, userId],
      );
      if (released.length === 0) throw new BusError('NOT_FOUND', SenderRuleMessages.heldNotFound);
      await enqueueEvent(
        manager,
        MAIL_SCHEMA,
        MailIngestEventPatterns.mailAccepted,
        { mailId: id },
        { requestId: `mail-${id}-released`, userId },
      );
    });
    const entry = await this.log.entry(userId, id);
    if (!entry) throw new BusError('NOT_FOUND', SenderRuleMessages.heldNotFound);
    return entry;
  }

  /** Ends held mail older than HELD_MAIL_DAYS; returns how many. */
  async expire(): Promise<number> {
    const due: { id: string }[] = await this.dataSource.query(
      `SELECT "id" FROM "${MAIL_SCHEMA}"."inbound_mail"
       WHERE "status" = 'held' AND "received_at" < now() - make_interval(days => $1)
       ORDER BY "received_at" LIMIT $2`,
      [this.config.HELD_MAIL_DAYS, BATCH],
    );
    for (const { id } of due) {
      await this.retention.finishing(id, (manager) =>
        manager.query(
          `UPDATE "${MAIL_SCHEMA}"."inbound_mail" SET "status" = 'failed', "reason" = $2
           WHERE "id" = $1 AND "status" = 'held'`,
          [id, SenderRuleMessages.heldExpired(this.config.HELD_MAIL_DAYS)],
        ),
      );
    }
    if (due.length) this.logger.info({ count: due.length }, 'held mail expired');
    return due.length;
  }
}
