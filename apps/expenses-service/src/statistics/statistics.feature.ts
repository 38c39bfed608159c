import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { StatisticsController } from './statistics.controller.js';
import { StatisticsService } from './statistics.service.js';

/** Statistics over an account's expenses. */
export const stats: ServiceFeature = {
  controllers: [StatisticsController],
  providers: [StatisticsService],
};
