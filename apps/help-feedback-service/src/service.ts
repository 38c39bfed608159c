import { defineService } from '@snaptrack/nest-rmq';
import { loadHelpFeedbackConfig } from './config/env.js';
import { helpSchema } from './database/data-source.js';
import { FeedbackController } from './feedback/feedback.controller.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { HelpController } from './help/help.controller.js';
import { HelpService } from './help/help.service.js';
import { HelpSyncService } from './help/help-sync.service.js';
import { VersionsController } from './versions/versions.controller.js';
import { VersionsService } from './versions/versions.service.js';
import { HELP_FEEDBACK_CONFIG } from './tokens.js';

/** Help centre, feedback and versions (docs/development.md, "Adding a service"). */
export const helpFeedbackService = defineService({
  name: 'help-feedback',
  config: { load: loadHelpFeedbackConfig, token: HELP_FEEDBACK_CONFIG },
  schema: helpSchema,
  controllers: [HelpController, FeedbackController, VersionsController],
  providers: [HelpSyncService, HelpService, FeedbackService, VersionsService],
  prefetch: 20,
});
