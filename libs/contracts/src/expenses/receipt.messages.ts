import {
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  IsInt,
  Min,
  ValidateNested,
} from 'class-validator';
import { ExpenseLimits } from '../core/expenses/expense.js';
import { plainToInstance, Transform } from 'class-transformer';
import { ReceiptContentTypes, type ReceiptContentType } from '../ocr/receipt-job.js';
import { IsReceiptLocale } from '../ocr/receipt-locale.js';
import { normalizeName } from '../core/expenses/normalize.js';
import { ReceiptUploadLimits, UploadMessages } from '../core/expenses/receipts.js';

/** Longest Subject and From kept of a mail (the expense's email_subject, the mail log). */
export const MAIL_HEADER_MAX_LENGTH = 500;

/**
 * `text` cut to at most `max` characters (code points, so a surrogate pair is never split),
 * ending in an ellipsis when it was longer.
 */
export function truncateText(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max - 1).join('')}…`;
}

/** Where a mailed receipt came from (mail-ingest): the original message, forwards unwrapped. */
export class ReceiptEmailSource {
  @IsOptional()
  @IsString()
  @MaxLength(MAIL_HEADER_MAX_LENGTH)
  subject!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(MAIL_HEADER_MAX_LENGTH)
  from!: string | null;

  /** When the shop sent it: the expense's date until the receipt says otherwise. */
  @IsISO8601()
  sent_at!: string;

  /** mail-ingest's id of the message: its raw mail is deleted once no receipt of it is left. */
  @IsOptional()
  @IsUUID()
  mail_id?: string;
  /**
   * The raw message's size, sent with the mail's first receipt only: the raw mail is kept
   * while its receipts are, so it counts against the storage quota with that receipt.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  raw_mail_bytes?: number;
}

/**
 * A receipt that is stored (by the gateway for uploads, by mail-ingest for mail): expenses
 * creates its expense and queues the job.
 */
export class CreateReceiptExpenseRequest {
  @Transform(({ value }) => normalizeName(value))
  @IsString({ message: UploadMessages.selectEntity })
  @MaxLength(ExpenseLimits.maxEntityNameLength, { message: UploadMessages.selectEntity })
  entity!: string;

  @IsString()
  @MaxLength(1024)
  storage_key!: string;

  @IsIn(ReceiptContentTypes)
  content_type!: ReceiptContentType;

  @Matches(/^[0-9a-f]{64}$/)
  content_sha256!: string;

  /** The client's Idempotency-Key: a retried upload answers with the first one's expense. */
  @IsOptional()
  @IsString()
  @MaxLength(ReceiptUploadLimits.maxIdempotencyKey)
  idempotency_key?: string;

  /** Set for mailed receipts; a `text/plain` one becomes a text receipt (`extraction_method: 'text'`). */
  @IsOptional()
  @ValidateNested()
  // A transform rather than `@Type`, which needs reflect-metadata in every importer.
  @Transform(({ value }: { value: unknown }) =>
    value && typeof value === 'object' ? plainToInstance(ReceiptEmailSource, value) : value,
  )
  email?: ReceiptEmailSource;

  /** The stored object's size: counted against the user's storage quota. */
  @IsOptional()
  @IsInt()
  @Min(0)
  size_bytes?: number;

  /** The uploader's locale (from the browser's `Accept-Language`), passed on to the reader. */
  @IsReceiptLocale()
  locale?: string | null;
}

/**
 * Before an upload is stored, the gateway asks whether the user may add one more (uploads per
 * hour, stored bytes); over a quota the answer is RATE_LIMITED (with `retry_after_seconds`) or
 * STORAGE_QUOTA_EXCEEDED. `expenses.receipt.create.v1` checks the same again under a lock.
 */
export interface ReceiptAllowance {
  uploads_left: number;
  bytes_left: number;
}

/** The quota answers' texts (the gateway shows the service's message). */
export const QuotaMessages = {
  uploadsPerHour: (limit: number) =>
    `You have uploaded ${limit} receipts in the last hour, the most allowed. Please try again later.`,
  /** Re-extractions share the hour's budget with uploads. */
  rereadsPerHour: (limit: number) =>
    `You have uploaded or re-read ${limit} receipts in the last hour, the most allowed. Please try again later.`,
  rereadRunning: 'This receipt is already being read. Please wait for it to finish.',
  storageFull: (limitBytes: number) =>
    `Your receipt storage is full (${formatBytes(limitBytes)}). Delete some receipts to add more.`,
  pdfJobsAtOnce: (limit: number) =>
    `You already have ${limit} receipt PDF${limit === 1 ? '' : 's'} being made. Please wait for ${limit === 1 ? 'it' : 'one'} to finish.`,
} as const;

function formatBytes(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
  const mb = bytes / 1024 ** 2;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Where an expense's receipt image is stored, for the gateway to stream it to its owner. */
export interface ReceiptImageResponse {
  storage_key: string;
  content_type: string;
}

/** Re-run the reading of an expense's receipt (Retry on a failed card, Re-extract on any). */
export class ReprocessReceiptRequest {
  @IsUUID('all', { message: 'Expense not found.' })
  id!: string;

  /** The locale of the user asking (from the browser's `Accept-Language`), for the reader. */
  @IsReceiptLocale()
  locale?: string | null;
}

const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, ReceiptContentType>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

/** Receipt keys end in the extension of the type their bytes were detected as. */
export function contentTypeForReceiptKey(key: string): ReceiptContentType {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPE_BY_EXTENSION[extension] ?? 'image/jpeg';
}
