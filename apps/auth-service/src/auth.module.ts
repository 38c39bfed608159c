import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@snaptrack/nest-database';
import { createPingController, outboxBusProviders } from '@snaptrack/nest-rmq';
import { LOGGER, createLogger, type Logger } from '@snaptrack/nest-logging';
import { createMailer } from '@snaptrack/mailer';
import { AUTH_SCHEMA, logsMailLinks, type AuthConfig } from './config/env.js';
import { authEntities, authMigrations } from './database/data-source.js';
import { ActionCodes } from './codes/action-codes.js';
import { Housekeeping } from './housekeeping.js';
import { EmailsController } from './emails/emails.controller.js';
import { EmailsService } from './emails/emails.service.js';
import { AuthMailer } from './mail/auth-mailer.js';
import { OidcController } from './oidc/oidc.controller.js';
import { OidcClients, providerSettings } from './oidc/oidc-clients.js';
import { OidcFlowService } from './oidc/oidc-flow.service.js';
import { SocialAccounts } from './oidc/social-accounts.js';
import { UniversalSignInService } from './oidc/universal.service.js';
import { PasswordResetService } from './passwords/password-reset.service.js';
import { PasswordSetupService } from './passwords/password-setup.service.js';
import { PasswordsController } from './passwords/passwords.controller.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { SessionController } from './session/session.controller.js';
import { SessionService } from './session/session.service.js';
import { TokenIssuer } from './session/token-issuer.js';
import { PasswordChangeService } from './passwords/password-change.service.js';
import { EndedSessions } from './session/ended-sessions.js';
import { UsernameController } from './username/username.controller.js';
import { UsernameService } from './username/username.service.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';
import { SubscriptionSyncController } from './users/subscription-sync.controller.js';
import { SubscriptionSyncService } from './users/subscription-sync.service.js';
import { AUTH_CONFIG, AUTH_MAILER, CLOCK, OIDC_CLIENTS, type Clock } from './tokens.js';

@Module({})
export class AuthModule {
  static register(config: AuthConfig, logger: Logger): DynamicModule {
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM ?? `SnapTrack <no-reply@${config.MAIL_DOMAIN}>`,
      outboxDir: config.MAIL_OUTBOX_DIR,
      logger,
      // The one logger that writes codes: links of a local run's outbox, never in production.
      linkLogger: logsMailLinks(config)
        ? createLogger('auth-service', config.LOG_LEVEL, undefined, { scrubSecrets: false })
        : undefined,
    });
    return {
      module: AuthModule,
      imports: [
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          schema: AUTH_SCHEMA,
          entities: authEntities,
          migrations: authMigrations,
        }),
      ],
      controllers: [
        createPingController('auth'),
        SessionController,
        UsersController,
        PasswordsController,
        OidcController,
        EmailsController,
        UsernameController,
        SubscriptionSyncController,
      ],
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: CLOCK, useValue: { now: () => new Date() } satisfies Clock },
        { provide: AUTH_MAILER, useValue: new AuthMailer(mailer, logger) },
        { provide: OIDC_CLIENTS, useValue: new OidcClients(providerSettings(config)) },
        {
          provide: TokenIssuer,
          useValue: new TokenIssuer(config.JWT_SECRET, config.JWT_TTL_SECONDS),
        },
        ActionCodes,
        RateLimiter,
        EndedSessions,
        Housekeeping,
        ...outboxBusProviders(AUTH_SCHEMA, AUTH_CONFIG, LOGGER),
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
    };
  }
}
