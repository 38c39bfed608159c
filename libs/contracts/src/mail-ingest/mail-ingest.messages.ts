import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  Validate,
  type ValidatorConstraintInterface,
  ValidatorConstraint,
} from 'class-validator';
import { toNumber } from '../core/expenses/normalize.js';
import {
  MAX_LISTED_SENDERS,
  SENDER_RULE_MODES,
  SenderRuleMessages,
  normalizeSender,
  type SenderRuleMode,
} from '../core/mail-ingest/sender-rules.js';

/** The patterns mail-ingest answers (the gateway sends these names, nothing else). */
export const MailIngestPatterns = {
  logList: 'mail-ingest.log.list.v1',
  senderRulesGet: 'mail-ingest.sender-rules.get.v1',
  senderRulesUpdate: 'mail-ingest.sender-rules.update.v1',
  heldMailRelease: 'mail-ingest.held-mail.release.v1',
} as const;

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

@ValidatorConstraint({ name: 'senderEntry' })
class SenderEntry implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && normalizeSender(value) !== null;
  }
}

/** Replaces the account's sender rules (entries are stored trimmed and lower-case, once). */
export class SenderRulesUpdateRequest {
  @IsIn(SENDER_RULE_MODES, { message: SenderRuleMessages.invalidMode })
  mode!: SenderRuleMode;

  @IsArray({ message: SenderRuleMessages.invalidSender })
  @ArrayMaxSize(MAX_LISTED_SENDERS, { message: SenderRuleMessages.tooManySenders })
  @IsString({ each: true, message: SenderRuleMessages.invalidSender })
  @MaxLength(320, { each: true, message: SenderRuleMessages.invalidSender })
  @Validate(SenderEntry, { each: true, message: SenderRuleMessages.invalidSender })
  senders!: string[];
}

/** The owner lets a held mail through: it is read as if its sender were listed. */
export class HeldMailReleaseRequest {
  @IsUUID('all', { message: SenderRuleMessages.heldNotFound })
  id!: string;
}
