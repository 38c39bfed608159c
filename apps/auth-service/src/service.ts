import 'reflect-metadata';
import { defineService } from '@snaptrack/nest-rmq';
import { loadAuthConfig } from './config/env.js';
import { configProviders } from './config-providers.js';
import { authSchema } from './database/data-source.js';
import { ActionCodes } from './codes/action-codes.js';
import { Housekeeping } from './housekeeping.js';
import { EmailsController } from './emails/emails.controller.js';
import { EmailsService } from './emails/emails.service.js';
import { OidcController } from './oidc/oidc.controller.js';
import { OidcFlowService } from './oidc/oidc-flow.service.js';
import { SocialAccounts } from './oidc/social-accounts.js';
import { UniversalSignInService } from './oidc/universal.service.js';
import { PasswordChangeService } from './passwords/password-change.service.js';
import { PasswordResetService } from './passwords/password-reset.service.js';
import { PasswordSetupService } from './passwords/password-setup.service.js';
import { PasswordsController } from './passwords/passwords.controller.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { EndedSessions } from './session/ended-sessions.js';
import { SessionController } from './session/session.controller.js';
import { SessionService } from './session/session.service.js';
import { UsernameController } from './username/username.controller.js';
import { UsernameService } from './username/username.service.js';
import { SubscriptionSyncController } from './users/subscription-sync.controller.js';
import { SubscriptionSyncService } from './users/subscription-sync.service.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';
import { AUTH_CONFIG } from './tokens.js';

export const authService = defineService({
  name: 'auth',
  loadConfig: loadAuthConfig,
  configToken: AUTH_CONFIG,
  schema: authSchema,
  outbox: true,
  controllers: [
    SessionController,
    UsersController,
    PasswordsController,
    OidcController,
    EmailsController,
    UsernameController,
    SubscriptionSyncController,
  ],
  providers: (config, logger) => [
    ...configProviders(config, logger),
    ActionCodes,
    RateLimiter,
    EndedSessions,
    SessionService,
    UsersService,
    PasswordResetService,
    PasswordSetupService,
    PasswordChangeService,
    SocialAccounts,
    OidcFlowService,
    UniversalSignInService,
    EmailsService,
    UsernameService,
    SubscriptionSyncService,
  ],
  jobs: [Housekeeping],
  prefetch: 20,
  // The gateway's token checks (auth.user.token-version) come on `<prefix>.auth.session` and
  // are answered there, never behind sign-ins, hashes and mails in the work queue.
  lanes: [{ name: 'session', prefetch: 50 }],
});
