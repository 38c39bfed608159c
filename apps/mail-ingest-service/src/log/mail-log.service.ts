import type { DataSource } from 'typeorm';
import type { InboundMailEntry, InboundMailStatus } from '@snaptrack/contracts';
import { MAIL_SCHEMA } from '../config/env.js';

interface LogRow {
  id: string;
  received_at: Date;
  from_address: string | null;
  envelope_from: string | null;
  subject: string | null;
  status: InboundMailStatus;
  receipts_created: number;
  reason: string | null;
}

/** The owner's mail log: every accepted message, newest first, with its outcome. */
export class MailLog {
  constructor(private readonly dataSource: DataSource) {}

  async list(userId: string, limit: number): Promise<InboundMailEntry[]> {
    const rows: LogRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "${MAIL_SCHEMA}"."inbound_mail" WHERE "user_id" = $1
       ORDER BY "received_at" DESC, "id" LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toEntry);
  }

  /** One of the owner's entries; null when it is not theirs or does not exist. */
  async entry(userId: string, id: string): Promise<InboundMailEntry | null> {
    const rows: LogRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "${MAIL_SCHEMA}"."inbound_mail" WHERE "user_id" = $1 AND "id" = $2`,
      [userId, id],
    );
    return rows[0] ? toEntry(rows[0]) : null;
  }
}

const COLUMNS = `"id", "received_at", "from_address", "envelope_from", "subject", "status",
  "receipts_created", "reason"`;

function toEntry(row: LogRow): InboundMailEntry {
  return {
    id: row.id,
    received_at: row.received_at.toISOString(),
    from: row.from_address ?? row.envelope_from,
    subject: row.subject,
    status: row.status,
    receipts_created: row.receipts_created,
    reason: row.reason,
  };
}
