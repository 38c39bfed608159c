import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import pLimit from 'p-limit';
import type { DataSource, EntityManager } from 'typeorm';
import {
  MAIL_HEADER_MAX_LENGTH,
  PERSONAL_ENTITY,
  formatTextReceipt,
  truncateText,
  type MessageContext,
  ExpensesPatterns,
} from '@snaptrack/contracts';
import { BusError, isDefiniteRefusal, type BusClient } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import type { ObjectStorage } from '@snaptrack/storage';
import { MAIL_SCHEMA, type MailIngestConfig } from '../config/env.js';
import { MailParseError, parseInWorker } from '../parsing/parse-in-worker.js';
import type { ParsedReceiptMail } from '../parsing/parse-mail.js';
import { mailMetrics } from '../metrics/mail-metrics.js';
import { receiptFiles, type ReceiptFile } from './receipt-files.js';
import type { RawMailRetention } from '../retention/raw-mail-retention.js';
import type { SenderRules } from '../senders/sender-rules.js';

interface PendingMail {
  id: string;
  user_id: string;
  envelope_from: string | null;
  raw_key: string;
  size_bytes: number;
  received_at: Date;
}

interface Outcome {
  status: 'processed' | 'failed' | 'held';
  from?: string | null;
  subject?: string | null;
  receiptsCreated?: number;
  reason: string | null;
}

export const MailReasons = {
  nothingToRead: 'No receipt found: the message has no image or PDF attachment and no text.',
  unreadable: (why: string) => `We could not read this message: ${why}.`,
  notAdded: (why: string) => `The receipt could not be added: ${why}`,
} as const;

/** Failures worth another try (the bus or a service was away); anything else is final. */
const TRANSIENT = new Set(['SERVICE_UNAVAILABLE', 'SERVICE_TIMEOUT', 'INTERNAL']);

/** Longest email text kept as a text receipt (the Email Receipt modal shows it). */
const MAX_TEXT_RECEIPT = 100_000;

/**
 * Turns an accepted message into receipts, after the SMTP answer: parse it (in a capped
 * worker), hand each image or PDF attachment, or else its text, to expenses as a receipt
 * to read, and record the outcome for the owner's mail log. Safe to run twice: each receipt
 * goes with an idempotency key made of the mail id and its position.
 */
export class MailProcessor {
  /** Parse workers at a time: each is a thread with its own heap. */
  private readonly parsing: pLimit.Limit;

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly bus: BusClient,
    private readonly config: MailIngestConfig,
    private readonly logger: Logger,
    private readonly retention: RawMailRetention,
    private readonly senders: SenderRules,
  ) {
    this.parsing = pLimit(config.PARSE_CONCURRENCY);
  }

  /**
   * Reads the mail into receipts. A fault that may pass (expenses, storage or the bus away) is
   * not thrown to the broker, whose few quick redeliveries end in the dead-letter queue: the
   * mail is tried again later, backing off over minutes (MailRetrySweeper hands it over).
   * Only when even that cannot be recorded does it throw; the row stays `received` and the
   * sweeper finds it all the same.
   */
  async process(mailId: string, requestId: string): Promise<void> {
    try {
      await this.read(mailId, requestId);
    } catch (error) {
      const attempts = await this.retryLater(mailId);
      this.logger.warn({ err: error, mailId, attempts }, 'mail not read yet; tried again later');
      mailMetrics.retryScheduled();
    }
  }

  private async retryLater(mailId: string): Promise<number | null> {
    const [rows]: [{ attempts: number }[], number] = await this.dataSource.query(
      `UPDATE "${MAIL_SCHEMA}"."inbound_mail"
       SET "attempts" = "attempts" + 1,
           "retry_at" = now() + make_interval(secs => least($2 * power(2, "attempts"), $3))
       WHERE "id" = $1 AND "status" = 'received' RETURNING "attempts"`,
      [mailId, this.config.MAIL_RETRY_BASE_SECONDS, this.config.MAIL_RETRY_MAX_SECONDS],
    );
    return rows[0]?.attempts ?? null;
  }

  private async read(mailId: string, requestId: string): Promise<void> {
    const mail = await this.pending(mailId);
    if (!mail) return; // already processed (a redelivery), or never committed
    const raw = new Uint8Array(await buffer(await this.storage.get(mail.raw_key)));
    let parsed: ParsedReceiptMail;
    try {
      parsed = await this.parsing(() =>
        parseInWorker(raw, {
          timeoutMs: this.config.PARSE_TIMEOUT_MS,
          maxHeapMb: this.config.PARSE_MAX_HEAP_MB,
        }),
      );
    } catch (error) {
      if (!(error instanceof MailParseError)) throw error;
      this.logger.warn({ mailId, reason: error.message }, 'mail could not be parsed');
      mailMetrics.parseFailed();
      await this.finish(mailId, {
        status: 'failed',
        reason: MailReasons.unreadable(error.message),
      });
      return;
    }
    const ctx: MessageContext = { requestId, userId: mail.user_id };
    const files = receiptFiles(parsed.attachments, this.config.MAX_RECEIPTS_PER_MAIL);
    const text = parsed.text.slice(0, MAX_TEXT_RECEIPT);
    if (files.length === 0 && !text) {
      await this.finish(mailId, {
        ...summary(parsed),
        status: 'failed',
        reason: MailReasons.nothingToRead,
      });
      return;
    }
    const receipts: ReceiptFile[] = files.length
      ? files
      : [
          {
            // The shop's From and Subject go with the text: evidence of who sold.
            content: Buffer.from(formatTextReceipt({ ...summary(parsed), body: text }), 'utf8'),
            contentType: 'text/plain',
            extension: 'txt',
          },
        ];
    // The account's sender rules: a flood from unknown senders waits in the mail log.
    const held = await this.senders.admit(mail, parsed.from, receipts.length);
    if (held) {
      await this.record(this.dataSource.manager, mailId, {
        ...summary(parsed),
        status: 'held',
        reason: held,
      });
      return;
    }
    let created = 0;
    try {
      for (const [index, file] of receipts.entries()) {
        await this.handOver(mail, index, file, parsed, ctx);
        created += 1;
      }
    } catch (error) {
      if (!(error instanceof BusError) || TRANSIENT.has(error.code)) throw error;
      // Refused for good (say the account lost its Personal entity): say so in the log rather
      // than try again.
      await this.finish(mailId, {
        ...summary(parsed),
        status: created ? 'processed' : 'failed',
        receiptsCreated: created,
        reason: MailReasons.notAdded(error.message),
      });
      return;
    }
    await this.finish(mailId, {
      ...summary(parsed),
      status: 'processed',
      receiptsCreated: created,
      reason: null,
    });
  }

  /** Stores one receipt under a key fixed by mail and position, then asks expenses for it. */
  private async handOver(
    mail: PendingMail,
    index: number,
    file: ReceiptFile,
    parsed: ParsedReceiptMail,
    ctx: MessageContext,
  ): Promise<void> {
    const key = `receipts/${mail.user_id}/mail-${mail.id}-${index}.${file.extension}`;
    const stored = await this.storage.put(key, Readable.from([file.content]), {
      contentType: file.contentType,
    });
    try {
      await this.bus.send(
        ExpensesPatterns.receiptCreate,
        {
          entity: PERSONAL_ENTITY,
          storage_key: key,
          content_type: file.contentType,
          content_sha256: stored.sha256,
          idempotency_key: `mail:${mail.id}:${index}`,
          size_bytes: stored.size,
          email: {
            ...summary(parsed),
            sent_at: parsed.date ?? mail.received_at.toISOString(),
            mail_id: mail.id,
            // The raw message counts in the storage quota with the first receipt.
            ...(index === 0 ? { raw_mail_bytes: mail.size_bytes } : {}),
          },
        },
        ctx,
      );
    } catch (error) {
      // Refused for good: nothing points to the file. Otherwise an expense may (the sweeper
      // removes the file if none ever does).
      if (isDefiniteRefusal(error)) await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  private async pending(mailId: string): Promise<PendingMail | null> {
    const rows: PendingMail[] = await this.dataSource.query(
      `SELECT "id", "user_id", "envelope_from", "raw_key", "size_bytes", "received_at" FROM "${MAIL_SCHEMA}"."inbound_mail"
       WHERE "id" = $1 AND "status" = 'received'`,
      [mailId],
    );
    return rows[0] ?? null;
  }

  private async finish(mailId: string, outcome: Outcome): Promise<void> {
    // Its receipts may all be deleted already: then the raw mail goes now.
    await this.retention.finishing(mailId, (manager) => this.record(manager, mailId, outcome));
  }

  private async record(manager: EntityManager, mailId: string, outcome: Outcome): Promise<void> {
    await manager.query(
      `UPDATE "${MAIL_SCHEMA}"."inbound_mail"
       SET "status" = $2, "from_address" = $3, "subject" = $4, "receipts_created" = $5,
           "reason" = $6, "processed_at" = now()
       WHERE "id" = $1 AND "status" = 'received'`,
      [
        mailId,
        outcome.status,
        outcome.from ?? null,
        outcome.subject ?? null,
        outcome.receiptsCreated ?? 0,
        outcome.reason,
      ],
    );
  }
}

/** Subject and From as kept (the log, the expense): a longer one is cut, never refused. */
function summary(parsed: ParsedReceiptMail) {
  return {
    from: parsed.from === null ? null : truncateText(parsed.from, MAIL_HEADER_MAX_LENGTH),
    subject: parsed.subject === null ? null : truncateText(parsed.subject, MAIL_HEADER_MAX_LENGTH),
  };
}
