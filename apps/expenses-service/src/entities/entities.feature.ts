import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { EntitiesController } from './entities.controller.js';
import { EntitiesService } from './entities.service.js';

/** The entities (businesses, trips) expenses belong to. */
export const entities: ServiceFeature = {
  controllers: [EntitiesController],
  providers: [EntitiesService],
};
