import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { PasswordChangeService } from './password-change.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordSetupService } from './password-setup.service.js';
import { PasswordsController } from './passwords.controller.js';

/** Resetting, setting up and changing a password. */
export const passwords: ServiceFeature = {
  controllers: [PasswordsController],
  providers: [PasswordResetService, PasswordSetupService, PasswordChangeService],
};
