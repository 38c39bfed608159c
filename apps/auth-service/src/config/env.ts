import { z } from 'zod';
import {
  envBoolean,
  jwtSecret,
  loadConfigOrExit,
  refuseWeakJwtSecretInProduction,
  serviceEnv,
} from '@snaptrack/nest-config';

/** An optional variable: unset and empty both mean "not configured". */
const optional = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(1).optional(),
);
const idList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const authVariables = serviceEnv.extend({
  JWT_SECRET: jwtSecret,
  /** Lifetime of the product token. Logout and "sign out everywhere" revoke earlier tokens. */
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(43_200),
  MAIL_DOMAIN: z.string().min(3).default('snaptrack.localhost'),
  BILLING: z.enum(['local', 'stripe', 'off']).default('local'),
  /** Public address of the web app: the only host links in mail point to (never a Host header). */
  APP_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Outbound mail: SMTP when set, otherwise .eml files in MAIL_OUTBOX_DIR. */
  SMTP_URL: optional,
  MAIL_FROM: optional,
  MAIL_OUTBOX_DIR: z.string().default('var/outbox'),
  /**
   * Outbox mail also logs its link (reset, setup and verification codes) for a person following
   * it on a local run. Default: on outside production; refused in production.
   */
  MAIL_LOG_LINKS: envBoolean.optional(),
  /** Google sign-in: on when both are set. The issuer is configurable for tests. */
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  /** Extra audiences accepted by POST /api/auth/universal (the iOS app's client ids). */
  GOOGLE_NATIVE_CLIENT_IDS: idList,
  /** Apple sign-in: on with a client id (the Services ID) and either a ready client secret
   * (a JWT) or the key to make one (team id, key id, private key in PEM). */
  APPLE_CLIENT_ID: optional,
  APPLE_CLIENT_SECRET: optional,
  APPLE_TEAM_ID: optional,
  APPLE_KEY_ID: optional,
  APPLE_PRIVATE_KEY: optional,
  APPLE_ISSUER_URL: z.url().default('https://appleid.apple.com'),
  APPLE_NATIVE_CLIENT_IDS: idList,
  /** Failed sign-ins allowed per address and per client IP in LOGIN_WINDOW_MINUTES. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
});

export const authEnv = authVariables
  .superRefine(refuseWeakJwtSecretInProduction)
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && env.MAIL_LOG_LINKS === true) {
      context.addIssue({
        code: 'custom',
        path: ['MAIL_LOG_LINKS'],
        message: 'must be false in production: mail links carry sign-in codes',
      });
    }
  });

export type AuthConfig = z.infer<typeof authEnv>;

export const AUTH_SCHEMA = 'auth';

/** Whether the outbox mailer logs links: never in production. */
export function logsMailLinks(config: AuthConfig): boolean {
  return config.NODE_ENV !== 'production' && (config.MAIL_LOG_LINKS ?? true);
}

export function loadAuthConfig(): AuthConfig {
  return loadConfigOrExit('auth-service', authEnv);
}
