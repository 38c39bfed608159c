import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@snaptrack/nest-database';
import { createPingController } from '@snaptrack/nest-rmq';
import { AUTH_CONFIG, AUTH_SCHEMA, type AuthConfig } from './config/env.js';
import { authEntities, authMigrations } from './database/data-source.js';
import { SessionController } from './session/session.controller.js';
import { SessionService } from './session/session.service.js';
import { TokenIssuer } from './session/token-issuer.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';

@Module({})
export class AuthModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          schema: AUTH_SCHEMA,
          entities: authEntities,
          migrations: authMigrations,
        }),
      ],
      controllers: [createPingController('auth'), SessionController, UsersController],
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        {
          provide: TokenIssuer,
          useValue: new TokenIssuer(config.JWT_SECRET, config.JWT_TTL_SECONDS),
        },
        SessionService,
        UsersService,
      ],
    };
  }
}
