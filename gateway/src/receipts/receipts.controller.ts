import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  StreamableFile,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  ExpensesPatterns,
  ReceiptUploadLimits,
  UploadMessages,
  localeFromAcceptLanguage,
  type ExpenseResponse,
  type MessageContext,
} from '@snaptrack/contracts';
import { BusClient, isDefiniteRefusal } from '@snaptrack/nest-rmq';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import type { ObjectStorage } from '@snaptrack/storage';
import { ApiError } from '../common/api-error.js';
import { Ctx } from '../common/current-user.decorator.js';
import { ResourceIdPipe } from '../common/resource-id.pipe.js';
import { EntitlementCheck } from '../entitlement/entitlement-check.js';
import { receiveReceipt } from './receive-receipt.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

const expenseId = new ResourceIdPipe('Expense not found.');

@ApiTags('receipts')
@ApiBearerAuth()
@Controller()
export class ReceiptsController {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(EntitlementCheck) private readonly entitlement: EntitlementCheck,
  ) {}

  /**
   * A receipt upload (multipart `image` + `entity`). The file is stored, the expense created in
   * status `processing` and the reading queued; the answer is 202 with the expense. With an
   * `Idempotency-Key`, a retry answers with the first upload's expense.
   */
  @RateLimit('parse_user')
  @Post('parse')
  @HttpCode(202)
  @ApiConsumes('multipart/form-data')
  async parse(
    @Req() req: Request,
    @Ctx() ctx: MessageContext,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<ExpenseResponse> {
    const key = idempotencyKey?.trim() || undefined;
    if (key && key.length > ReceiptUploadLimits.maxIdempotencyKey) {
      throw new ApiError('VALIDATION_FAILED', 'Idempotency-Key is too long.');
    }
    // Before anything is stored: a subscription (402), then the quotas (429, storage full).
    await this.entitlement.assertEntitled(ctx);
    await this.bus.send(ExpensesPatterns.receiptAllowance, {}, ctx);
    const file = await receiveReceipt(req, this.storage, ctx.userId ?? '');
    const forget = () => this.storage.delete(file.storageKey).catch(() => undefined);
    if (!file.entity?.trim()) {
      await forget();
      throw new ApiError('VALIDATION_FAILED', UploadMessages.selectEntity);
    }
    try {
      const { replayed, ...answer } = await this.bus.send(
        ExpensesPatterns.receiptCreate,
        {
          entity: file.entity,
          storage_key: file.storageKey,
          content_type: file.contentType,
          content_sha256: file.sha256,
          idempotency_key: key,
          size_bytes: file.size,
          // The browser's language: evidence for the reader where the receipt is ambiguous.
          locale: localeFromAcceptLanguage(req.headers['accept-language']),
        },
        ctx,
      );
      // A replay answers with the first upload's expense and image; this copy is not needed.
      if (replayed) await forget();
      return answer;
    } catch (error) {
      // After a timeout or an unexpected failure the expense may still commit and point at the
      // object: keep it. expenses-service's orphan sweeper removes it if no expense ever did.
      if (isDefiniteRefusal(error)) await forget();
      throw error;
    }
  }

  /**
   * Reads the receipt again: 'Retry' on a failed card, 'Re-extract' on any receipt. One reading
   * at a time (409 while one runs), counted in the hourly receipt quota (429).
   */
  @RateLimit('reprocess_user')
  @Post('expenses/:id/reprocess')
  @HttpCode(202)
  async reprocess(
    @Param('id', expenseId) id: string,
    @Ctx() ctx: MessageContext,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<ExpenseResponse> {
    await this.entitlement.assertEntitled(ctx);
    const locale = localeFromAcceptLanguage(acceptLanguage);
    return this.bus.send(ExpensesPatterns.receiptReprocess, { id, locale }, ctx);
  }

  /** The receipt image, to its owner only (anyone else gets the same 404 as a missing id). */
  @Get('expenses/:id/image')
  async image(
    @Param('id', expenseId) id: string,
    @Ctx() ctx: MessageContext,
  ): Promise<StreamableFile> {
    const found = await this.bus.send(ExpensesPatterns.receiptImage, { id }, ctx);
    const stream = await this.storage.get(found.storage_key).catch(() => {
      throw new ApiError('NOT_FOUND', 'No receipt image or text data available for this expense.');
    });
    const extension = found.storage_key.split('.').pop() ?? 'bin';
    return new StreamableFile(stream, {
      type: found.content_type,
      disposition: `inline; filename="receipt-${id}.${extension}"`,
    });
  }
}
