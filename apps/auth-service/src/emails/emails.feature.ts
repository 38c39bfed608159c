import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { EmailsController } from './emails.controller.js';
import { EmailsService } from './emails.service.js';

/** A user's addresses: the sign-in address and the ones they add. */
export const emails: ServiceFeature = {
  controllers: [EmailsController],
  providers: [EmailsService],
};
