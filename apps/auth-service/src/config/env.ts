import { z } from 'zod';
import { jwtSecret, loadConfigOrExit, serviceEnv } from '@snaptrack/nest-config';

export const authEnv = serviceEnv.extend({
  JWT_SECRET: jwtSecret,
  /** Lifetime of the product token. Logout and "sign out everywhere" revoke earlier tokens. */
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(43_200),
  MAIL_DOMAIN: z.string().min(3).default('snaptrack.localhost'),
  BILLING: z.enum(['local', 'stripe', 'off']).default('local'),
});

export type AuthConfig = z.infer<typeof authEnv>;

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
export const AUTH_SCHEMA = 'auth';

export function loadAuthConfig(): AuthConfig {
  return loadConfigOrExit('auth-service', authEnv);
}
