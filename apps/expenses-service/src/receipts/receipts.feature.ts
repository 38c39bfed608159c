import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { ReceiptQuota } from './receipt-quota.js';
import { ReceiptsController } from './receipts.controller.js';
import { ReceiptsService } from './receipts.service.js';

/** Receipts: the upload's expense, its reading job, applying the reading, the quotas. */
export const receipts: ServiceFeature = {
  controllers: [ReceiptsController],
  providers: [ReceiptQuota, ReceiptsService],
};
