import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { BusClient } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/env.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { AuthGuard } from './common/auth.guard.js';
import { TokenVerifier } from './common/token-verifier.js';
import { createHttpValidationPipe } from './common/validation.pipe.js';
import { HealthController } from './health/health.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { UserController } from './user/user.controller.js';

@Module({})
export class AppModule {
  static register(config: GatewayConfig, logger: Logger, bus: BusClient): DynamicModule {
    return {
      module: AppModule,
      controllers: [HealthController, AuthController, UserController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: BusClient, useValue: bus },
        TokenVerifier,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_PIPE, useValue: createHttpValidationPipe() },
        { provide: APP_FILTER, useValue: new AllExceptionsFilter(logger) },
      ],
    };
  }
}
