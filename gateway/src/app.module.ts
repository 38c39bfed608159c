import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { BusClient } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import { servesLocalBilling, type GatewayConfig } from './config/env.js';
import { CoreModule } from './core/core.module.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { AuthGuard } from './common/auth.guard.js';
import { createHttpValidationPipe } from './common/validation.pipe.js';
import { HealthModule } from './health/health.module.js';
import { AuthModule } from './auth/auth.module.js';
import { UserModule } from './user/user.module.js';
import { OidcModule } from './oidc/oidc.module.js';
import { PasswordSetupModule } from './password-setup/password-setup.module.js';
import { UserEmailsModule } from './user-emails/user-emails.module.js';
import { UsernameModule } from './username/username.module.js';
import { ExpensesModule } from './expenses/expenses.module.js';
import { EntitiesModule } from './entities/entities.module.js';
import { TagsModule } from './tags/tags.module.js';
import { StoresModule } from './stores/stores.module.js';
import { StatisticsModule } from './statistics/statistics.module.js';
import { UserSettingsModule } from './user-settings/user-settings.module.js';
import { SubscriptionModule } from './subscription/subscription.module.js';
import { LocalBillingModule } from './local-billing/local-billing.module.js';
import { MailLogModule } from './mail-log/mail-log.module.js';
import { ReceiptsModule } from './receipts/receipts.module.js';
import { ExportModule } from './export/export.module.js';
import { HelpModule } from './help/help.module.js';
import { FeedbackModule } from './feedback/feedback.module.js';
import { AppVersionModule } from './app-version/app-version.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { EdgeLimiter } from './rate-limit/edge-limiter.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';

/** One module per public resource; add yours to `resources`. */
const resources = [
  HealthModule,
  AuthModule,
  OidcModule,
  UserModule,
  UserEmailsModule,
  UsernameModule,
  PasswordSetupModule,
  ExpensesModule,
  EntitiesModule,
  TagsModule,
  StoresModule,
  StatisticsModule,
  UserSettingsModule,
  SubscriptionModule,
  MailLogModule,
  ReceiptsModule,
  ExportModule,
  HelpModule,
  FeedbackModule,
  AppVersionModule,
  WebhooksModule,
];

@Module({})
export class AppModule {
  static register(config: GatewayConfig, logger: Logger, bus: BusClient): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, bus),
        ...resources,
        // Local billing's pay-with-one-click pages: never in production unless a demo allows it.
        ...(servesLocalBilling(config) ? [LocalBillingModule] : []),
      ],
      providers: [
        { provide: EdgeLimiter, useFactory: () => EdgeLimiter.open(config, logger) },
        // Guards run in this order: the user is known before per-user limits are counted.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_PIPE, useValue: createHttpValidationPipe() },
        { provide: APP_FILTER, useValue: new AllExceptionsFilter(logger) },
      ],
    };
  }
}
