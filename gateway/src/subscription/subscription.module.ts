import { Module } from '@nestjs/common';
import { SubscriptionController } from './subscription.controller.js';

@Module({ controllers: [SubscriptionController] })
export class SubscriptionModule {}
