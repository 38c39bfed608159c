import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { TagsController } from './tags.controller.js';
import { TagsService } from './tags.service.js';

/** Tags on expenses. */
export const tags: ServiceFeature = {
  controllers: [TagsController],
  providers: [TagsService],
};
