import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';

/** A new account's starting catalogue (the entity Personal and the default tags). */
export const accounts: ServiceFeature = {
  controllers: [AccountsController],
  providers: [AccountsService],
};
