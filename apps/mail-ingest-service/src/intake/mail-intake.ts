import { randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { DataSource } from 'typeorm';
import { enqueueEvent } from '@snaptrack/nest-rmq';
import type { ObjectStorage } from '@snaptrack/storage';
import { MAIL_SCHEMA } from '../config/env.js';
import { MailIngestEventPatterns } from '@snaptrack/contracts';

/** One owner of an accepted message: the receipt address it came to and its user. */
export interface MailRecipient {
  address: string;
  userId: string;
}

export interface IncomingMail {
  envelopeFrom: string | null;
  recipients: readonly MailRecipient[];
  /** The raw message as the client sends it after DATA. */
  stream: Readable;
  /** The size limit: past it nothing more is stored and the message is refused. */
  maxBytes: number;
}

export type IntakeResult = { outcome: 'stored'; mailIds: string[] } | { outcome: 'too-large' };

/**
 * Durable acceptance: the raw message goes to object storage, then one row per owner and its
 * outbox event commit together. Only then may the SMTP session answer 250; any failure
 * rejects, the session answers 451 and the sender retries. Nothing is half-written: a stored
 * object whose rows did not commit is removed.
 */
export class MailIntake {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async accept(mail: IncomingMail): Promise<IntakeResult> {
    const key = rawMailKey(this.now());
    const capped = mail.stream.pipe(new SizeCap(mail.maxBytes));
    let stored;
    try {
      stored = await this.storage.put(key, capped, { contentType: 'message/rfc822' });
    } catch (error) {
      // Storage gave up on the message (its temporary copy is gone): the rest of the DATA
      // still has to be read for the session to answer, but none of it is kept.
      mail.stream.unpipe(capped);
      mail.stream.resume();
      if (error instanceof MailTooLargeError) return { outcome: 'too-large' };
      throw error;
    }
    try {
      const mailIds = await this.record(mail, key, stored.size, stored.sha256);
      // Every owner had these exact bytes already: the earlier copy is the one to keep.
      if (mailIds.length === 0) await this.storage.delete(key);
      return { outcome: 'stored', mailIds };
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  private record(mail: IncomingMail, key: string, size: number, sha256: string): Promise<string[]> {
    const owners = new Map(mail.recipients.map((recipient) => [recipient.userId, recipient]));
    return this.dataSource.transaction(async (manager) => {
      const mailIds: string[] = [];
      for (const recipient of owners.values()) {
        const id = randomUUID();
        const inserted: unknown[] = await manager.query(
          `INSERT INTO "${MAIL_SCHEMA}"."inbound_mail"
             ("id", "user_id", "recipient", "envelope_from", "raw_key", "size_bytes", "sha256")
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT ("user_id", "sha256") DO NOTHING RETURNING "id"`,
          [id, recipient.userId, recipient.address, mail.envelopeFrom, key, size, sha256],
        );
        if (inserted.length === 0) continue;
        await enqueueEvent(
          manager,
          MAIL_SCHEMA,
          MailIngestEventPatterns.mailAccepted,
          { mailId: id },
          { requestId: `mail-${id}`, userId: recipient.userId },
        );
        mailIds.push(id);
      }
      return mailIds;
    });
  }
}

export class MailTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`message over ${maxBytes} bytes`);
  }
}

/**
 * Passes the message through until it would go over `maxBytes`, then fails, so storage stops
 * writing (and removes what it wrote) at the limit, not after the final dot: smtp-server only
 * flags an oversized stream and would hand over every byte the client cares to send.
 */
export class SizeCap extends Transform {
  private seen = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) done(new MailTooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}

/** `mail/2026/11/22/<uuid>.eml`: a day per folder keeps listings short. */
function rawMailKey(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '/');
  return `mail/${day}/${randomUUID()}.eml`;
}
