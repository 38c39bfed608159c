import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { toNumber } from '../expenses/expense-input.js';

/** What became of one accepted message, as its owner sees it in the mail log. */
export type InboundMailStatus = 'received' | 'processed' | 'failed';

export interface InboundMailEntry {
  id: string;
  received_at: string;
  /** The receipt's own sender: the original one when the message was a forward. */
  from: string | null;
  subject: string | null;
  status: InboundMailStatus;
  /** Receipts handed on for reading (attachments, or 1 for a text receipt). */
  receipts_created: number;
  /** Why no receipt came of it, or why reading it failed; null when all went well. */
  reason: string | null;
}

export class MailLogRequest {
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export interface MailLogResponse {
  messages: InboundMailEntry[];
}

/** Asked at RCPT time: whose receipt address is this? */
export class ReceiptAddressRequest {
  @IsString()
  @MaxLength(320)
  address!: string;
}

export interface ReceiptAddressResponse {
  /** The owner of the address, or null when it is nobody's (the SMTP server answers 550). */
  userId: string | null;
}

/** Published by mail-ingest's outbox once a message is stored: parse it (in the background). */
export class InboundMailAcceptedEvent {
  @IsUUID()
  mailId!: string;
}
