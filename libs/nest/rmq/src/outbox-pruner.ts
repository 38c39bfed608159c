import type { DataSource } from 'typeorm';
import type { Logger } from '@snaptrack/nest-logging';
import type { PeriodicJob } from './periodic-jobs.js';

export interface OutboxRetention {
  /** Published outbox rows older than this are deleted; unpublished ones never are. */
  outboxHours: number;
  /** Inbox rows (handled message ids) older than this are deleted. */
  inboxHours: number;
}

/** Rows deleted per statement, so a long backlog never holds one big lock or transaction. */
const BATCH = 1_000;
/** How often a service prunes; retention is counted in hours, so once an hour is plenty. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Keeps a service's outbox and inbox from growing forever. A published outbox row is never
 * read again (the relay only reads unpublished ones). An inbox row only has to outlive every
 * copy of its message that can still arrive: copies come from a relay that published but
 * crashed before marking the row (re-published within seconds), and from broker redelivery of
 * unacked messages (while a consumer lives); both sit in the same queue as the first copy, so
 * they arrive within the longest consumer outage. INBOX_RETENTION_HOURS (30 days by default)
 * is set far beyond that; replaying a dead-lettered message older than it may run it twice.
 */
export class OutboxPruner implements PeriodicJob {
  readonly name = 'outbox prune';
  readonly runAtStart = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly retention: OutboxRetention,
    private readonly logger: Logger,
    readonly everyMs = PRUNE_INTERVAL_MS,
  ) {}

  async run(): Promise<void> {
    const pruned = await this.prune();
    if (pruned.outbox || pruned.inbox) this.logger.info(pruned, 'outbox and inbox pruned');
  }

  /** One pass, batch after batch; returns how many rows of each table went. */
  async prune(): Promise<{ outbox: number; inbox: number }> {
    const outbox = await this.inBatches(
      `DELETE FROM "${this.schema}"."outbox" WHERE "id" IN (
         SELECT "id" FROM "${this.schema}"."outbox"
         WHERE "sent_at" IS NOT NULL AND "sent_at" < now() - make_interval(hours => $1)
         LIMIT $2)`,
      this.retention.outboxHours,
    );
    const inbox = await this.inBatches(
      `DELETE FROM "${this.schema}"."inbox" WHERE "message_id" IN (
         SELECT "message_id" FROM "${this.schema}"."inbox"
         WHERE "handled_at" < now() - make_interval(hours => $1)
         LIMIT $2)`,
      this.retention.inboxHours,
    );
    return { outbox, inbox };
  }

  private async inBatches(deleteSql: string, hours: number): Promise<number> {
    let total = 0;
    for (;;) {
      const counted: { n: number }[] = await this.dataSource.query(
        `WITH gone AS (${deleteSql} RETURNING 1) SELECT count(*)::int AS "n" FROM gone`,
        [hours, BATCH],
      );
      const n = counted[0]?.n ?? 0;
      total += n;
      if (n < BATCH) return total;
    }
  }
}
