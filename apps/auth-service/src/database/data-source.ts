import { createServiceDataSource } from '@snaptrack/nest-database';
import { UserEntity } from '../users/user.entity.js';
import { CreateUsers1763769600000 } from './migrations/1763769600000-create-users.js';
import { AUTH_SCHEMA } from '../config/env.js';

export const authEntities = [UserEntity];
export const authMigrations = [CreateUsers1763769600000];

export function createAuthDataSource(url: string) {
  return createServiceDataSource({
    url,
    schema: AUTH_SCHEMA,
    entities: authEntities,
    migrations: authMigrations,
  });
}
