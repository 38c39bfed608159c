import { Controller, Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExpenseDeletedEvent,
  ExpensesEventPatterns,
  HeldMailReleaseRequest,
  InboundMailAcceptedEvent,
  MailIngestPatterns,
  MailLogRequest,
  SenderRulesUpdateRequest,
  type HeldMailReleaseResponse,
  type MailLogResponse,
  type MessageContext,
  type SenderRulesResponse,
  MailIngestEventPatterns,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { MailLog } from './log/mail-log.service.js';
import { MailProcessor } from './processing/mail-processor.js';
import { RawMailRetention } from './retention/raw-mail-retention.js';
import { SenderRules } from './senders/sender-rules.js';
import { HeldMail } from './senders/held-mail.js';

const DEFAULT_LOG_LENGTH = 20;

@Controller()
export class MailIngestController {
  constructor(
    @Inject(MailProcessor) private readonly processor: MailProcessor,
    @Inject(MailLog) private readonly log: MailLog,
    @Inject(RawMailRetention) private readonly retention: RawMailRetention,
    @Inject(SenderRules) private readonly senders: SenderRules,
    @Inject(HeldMail) private readonly held: HeldMail,
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
  @EventPattern(MailIngestEventPatterns.mailAccepted)
  async accepted(
    @Payload('data') body: InboundMailAcceptedEvent,
    // @EventPattern types every parameter after the first as unknown; MessageCtx validated it.
    @MessageCtx() ctx: unknown,
  ): Promise<void> {
    await this.processor.process(body.mailId, (ctx as MessageContext).requestId);
  }

  @MessagePattern(MailIngestPatterns.logList)
  async list(
    @UserId() userId: string,
    @Payload('data') body: MailLogRequest,
  ): Promise<MailLogResponse> {
    return { messages: await this.log.list(userId, body.limit ?? DEFAULT_LOG_LENGTH) };
  }

  @MessagePattern(MailIngestPatterns.senderRulesGet)
  async senderRules(@UserId() userId: string): Promise<SenderRulesResponse> {
    return this.senders.get(userId);
  }

  @MessagePattern(MailIngestPatterns.senderRulesUpdate)
  async updateSenderRules(
    @UserId() userId: string,
    @Payload('data') body: SenderRulesUpdateRequest,
  ): Promise<SenderRulesResponse> {
    return this.senders.update(userId, body);
  }

  @MessagePattern(MailIngestPatterns.heldMailRelease)
  async release(
    @UserId() userId: string,
    @Payload('data') body: HeldMailReleaseRequest,
  ): Promise<HeldMailReleaseResponse> {
    return { entry: await this.held.release(userId, body.id) };
  }
}
