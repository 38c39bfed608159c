import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { toNumber } from '../core/expenses/normalize.js';

export class MailLogRequest {
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
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
