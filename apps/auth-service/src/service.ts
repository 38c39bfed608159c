import { defineService } from '@snaptrack/nest-rmq';
import { loadAuthConfig } from './config/env.js';
import { configProviders } from './config-providers.js';
import { authSchema } from './database/data-source.js';
import { ActionCodes } from './codes/action-codes.js';
import { Housekeeping } from './housekeeping.js';
import { emails } from './emails/emails.feature.js';
import { oidc } from './oidc/oidc.feature.js';
import { passwords } from './passwords/passwords.feature.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { session } from './session/session.feature.js';
import { username } from './username/username.feature.js';
import { users } from './users/users.feature.js';
import { AUTH_CONFIG } from './tokens.js';

/** Auth; each feature's handlers and services are wired in its folder (`*.feature.ts`). */
export const authService = defineService({
  name: 'auth',
  config: { load: loadAuthConfig, token: AUTH_CONFIG },
  schema: authSchema,
  outbox: true,
  features: [session, users, passwords, oidc, emails, username],
  // Used across the features: the one-time codes and the rate limiter.
  providers: (config, logger) => [...configProviders(config, logger), ActionCodes, RateLimiter],
  jobs: [Housekeeping],
  prefetch: 20,
  // The gateway's token checks (auth.user.token-version) come on `<prefix>.auth.session` and
  // are answered there, never behind sign-ins, hashes and mails in the work queue.
  lanes: [{ name: 'session', prefetch: 50 }],
});
