import { Module } from '@nestjs/common';
import { LocalBillingController } from './local-billing.controller.js';

@Module({ controllers: [LocalBillingController] })
export class LocalBillingModule {}
