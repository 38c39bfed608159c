import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

/** An account's settings. */
export const settings: ServiceFeature = {
  controllers: [SettingsController],
  providers: [SettingsService],
};
