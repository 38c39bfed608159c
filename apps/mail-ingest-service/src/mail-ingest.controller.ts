import { Controller, Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExpenseDeletedEvent,
  ExpensesEventPatterns,
  InboundMailAcceptedEvent,
  MailLogRequest,
  type MailLogResponse,
  type MessageContext,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { MailLog } from './log/mail-log.service.js';
import { MailProcessor } from './processing/mail-processor.js';
import { RawMailRetention } from './retention/raw-mail-retention.js';

const DEFAULT_LOG_LENGTH = 20;

@Controller()
export class MailIngestController {
  constructor(
    @Inject(MailProcessor) private readonly processor: MailProcessor,
    @Inject(MailLog) private readonly log: MailLog,
    @Inject(RawMailRetention) private readonly retention: RawMailRetention,
  ) {}

  /** expenses deleted an expense: a mailed one may have been the last receipt of its mail. */
  @EventPattern(ExpensesEventPatterns.deleted)
  async expenseDeleted(
    @Payload('data') body: ExpenseDeletedEvent,
    @MessageCtx() ctx: unknown,
  ): Promise<void> {
    await this.retention.receiptDeleted(
      body,
      (ctx as MessageContext).messageId ?? `expense-deleted:${body.expense_id}`,
    );
  }

  /** Published by our own outbox once a message is stored: read it now. */
  @EventPattern('mail-ingest.mail.accepted.v1')
  async accepted(
    @Payload('data') body: InboundMailAcceptedEvent,
    // @EventPattern types every parameter after the first as unknown; MessageCtx validated it.
    @MessageCtx() ctx: unknown,
  ): Promise<void> {
    await this.processor.process(body.mailId, (ctx as MessageContext).requestId);
  }

  @MessagePattern('mail-ingest.log.list.v1')
  async list(
    @UserId() userId: string,
    @Payload('data') body: MailLogRequest,
  ): Promise<MailLogResponse> {
    return { messages: await this.log.list(userId, body.limit ?? DEFAULT_LOG_LENGTH) };
  }
}
