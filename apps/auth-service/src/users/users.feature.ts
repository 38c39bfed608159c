import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { SubscriptionSyncController } from './subscription-sync.controller.js';
import { SubscriptionSyncService } from './subscription-sync.service.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

/** Accounts, and their plan kept in step with billing-service's events. */
export const users: ServiceFeature = {
  controllers: [UsersController, SubscriptionSyncController],
  providers: [UsersService, SubscriptionSyncService],
};
