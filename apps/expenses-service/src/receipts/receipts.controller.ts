import { Controller, Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateReceiptExpenseRequest,
  ExpenseIdRequest,
  ExpensesPatterns,
  OcrPatterns,
  ReceiptProcessedEvent,
  ReprocessReceiptRequest,
  type ExpenseResponse,
  type MessageContext,
  type ReceiptAllowance,
  type ReceiptImageResponse,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { ReceiptsService } from './receipts.service.js';
import { ReceiptQuota } from './receipt-quota.js';

@Controller()
export class ReceiptsController {
  constructor(
    @Inject(ReceiptsService) private readonly receipts: ReceiptsService,
    @Inject(ReceiptQuota) private readonly quota: ReceiptQuota,
  ) {}

  /** The gateway asks before it stores an upload: over a quota this throws. */
  @MessagePattern(ExpensesPatterns.receiptAllowance)
  allowance(@UserId() userId: string): Promise<ReceiptAllowance> {
    return this.quota.allowance(userId);
  }

  @MessagePattern(ExpensesPatterns.receiptCreate)
  async create(
    @UserId() userId: string,
    @Payload('data') body: CreateReceiptExpenseRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<ExpenseResponse & { replayed: boolean }> {
    const { expense, replayed } = await this.receipts.create(userId, body, ctx);
    return { success: true, expense, replayed };
  }

  @MessagePattern(ExpensesPatterns.receiptReprocess)
  async reprocess(
    @UserId() userId: string,
    @Payload('data') body: ReprocessReceiptRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<ExpenseResponse> {
    return {
      success: true,
      expense: await this.receipts.reprocess(userId, body.id, ctx, body.locale),
    };
  }

  @MessagePattern(ExpensesPatterns.receiptImage)
  image(
    @UserId() userId: string,
    @Payload('data') body: ExpenseIdRequest,
  ): Promise<ReceiptImageResponse> {
    return this.receipts.image(userId, body.id);
  }

  @EventPattern(OcrPatterns.processed)
  async processed(
    @Payload('data') body: ReceiptProcessedEvent,
    // @EventPattern types every parameter after the first as unknown; MessageCtx validated it.
    @MessageCtx() ctx: unknown,
  ): Promise<void> {
    await this.receipts.applyResult(body, (ctx as MessageContext).messageId);
  }
}
