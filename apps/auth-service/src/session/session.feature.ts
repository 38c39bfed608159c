import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { EndedSessions } from './ended-sessions.js';
import { SessionController } from './session.controller.js';
import { SessionService } from './session.service.js';

/** Signing in and out, tokens and their version checks, the sessions ended early. */
export const session: ServiceFeature = {
  controllers: [SessionController],
  providers: [SessionService, EndedSessions],
};
