import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { StoresController } from './stores.controller.js';
import { StoresService } from './stores.service.js';

/** Stores SnapTrack knows: the memory of a user's corrections, listed and edited in Settings. */
export const stores: ServiceFeature = {
  controllers: [StoresController],
  providers: [StoresService],
};
