import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { UsernameController } from './username.controller.js';
import { UsernameService } from './username.service.js';

/** Usernames and the receipt addresses made from them. */
export const username: ServiceFeature = {
  controllers: [UsernameController],
  providers: [UsernameService],
};
