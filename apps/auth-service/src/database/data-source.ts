import { schemaDataSource, type ServiceSchema } from '@snaptrack/nest-database';
import { UserEntity } from '../users/user.entity.js';
import { ActionCodeEntity } from '../codes/action-code.entity.js';
import { IdentityEntity } from '../oidc/identity.entity.js';
import { UserEmailEntity } from '../emails/user-email.entity.js';
import { UsernameHistoryEntity } from '../username/username-history.entity.js';
import { CreateUsers1763769600000 } from './migrations/1763769600000-create-users.js';
import { AccountsAndIdentity1763942400000 } from './migrations/1763942400000-accounts-and-identity.js';
import { EndedSessions1764374400000 } from './migrations/1764374400000-ended-sessions.js';
import { AUTH_SCHEMA } from '../config/env.js';

export const authSchema: ServiceSchema = {
  name: AUTH_SCHEMA,
  entities: [UserEntity, ActionCodeEntity, IdentityEntity, UserEmailEntity, UsernameHistoryEntity],
  migrations: [
    CreateUsers1763769600000,
    AccountsAndIdentity1763942400000,
    EndedSessions1764374400000,
  ],
};

export function createAuthDataSource(url: string) {
  return schemaDataSource(authSchema, url);
}
