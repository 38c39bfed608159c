import { z } from 'zod';
import { tracingEnv } from './tracing-env.js';

/** `true`/`false`/`1`/`0` from the environment. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const envPort = z.coerce.number().int().min(0).max(65535);

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL');
const amqpUrl = z.string().refine((value) => /^amqps?:\/\//.test(value), 'must be an amqp:// URL');

/** Variables every service process needs: its database, the broker, logs and health. */
export const serviceEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: postgresUrl,
  /** Postgres cancels any statement of the service's pool running longer (0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  RABBITMQ_URL: amqpUrl,
  RMQ_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,40}$/, 'lowercase letters, digits, - and _ only')
    .default('snaptrack'),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Port of the small HTTP listener with /health/live and /health/ready; 0 turns it off. */
  HEALTH_PORT: envPort.default(0),
  /** Prometheus metrics at /metrics on HEALTH_PORT (docs/operations.md, Metrics). */
  METRICS_ENABLED: envBoolean.default(true),
  /** How long SIGTERM waits for in-flight messages before closing. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  /**
   * How often the outbox relay looks for events nothing kicked: a committed event is published
   * at once, so this is the backstop for a publish that failed (broker away) or a crash.
   */
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  /** Published outbox rows are deleted once older than this (unpublished ones never). */
  OUTBOX_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 7),
  /**
   * Handled message ids (the inbox) are deleted once older than this: far longer than any
   * copy of a message can still arrive (libs/nest/rmq outbox-pruner.ts says why).
   */
  INBOX_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(24)
    .max(24 * 365)
    .default(24 * 30),
  ...tracingEnv.shape,
});

export type ServiceEnv = z.infer<typeof serviceEnv>;

/** The product JWT secret: at least 32 characters (256 bits for HS256). */
export const jwtSecret = z.string().min(32, 'must be at least 32 characters');
