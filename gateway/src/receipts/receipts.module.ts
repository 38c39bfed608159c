import { Module } from '@nestjs/common';
import { EntitlementModule } from '../entitlement/entitlement.module.js';
import { ReceiptsController } from './receipts.controller.js';

@Module({ imports: [EntitlementModule], controllers: [ReceiptsController] })
export class ReceiptsModule {}
