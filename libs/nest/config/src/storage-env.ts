import { z } from 'zod';
import { envBoolean, envPort } from './common-env.js';

/** Object storage settings (docs/configuration.md): a folder locally, MinIO in compose. */
export const storageEnv = z.object({
  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  STORAGE_FS_ROOT: z.string().default('var/storage'),
  S3_ENDPOINT: z.string().default('127.0.0.1'),
  S3_PORT: envPort.default(9000),
  S3_USE_SSL: envBoolean.default(false),
  S3_ACCESS_KEY: z.string().default(''),
  S3_SECRET_KEY: z.string().default(''),
  S3_BUCKET: z.string().default('snaptrack'),
});

export type StorageEnv = z.infer<typeof storageEnv>;

/**
 * The driver options `createObjectStorage` of `@snaptrack/storage` takes. `pingPrefix`: the
 * service's own folder, which its readiness check lists (its storage user may list no other).
 */
export function storageOptions(env: StorageEnv, pingPrefix?: string) {
  return env.STORAGE_DRIVER === 'fs'
    ? { driver: 'fs' as const, root: env.STORAGE_FS_ROOT }
    : {
        driver: 's3' as const,
        endPoint: env.S3_ENDPOINT,
        port: env.S3_PORT,
        useSSL: env.S3_USE_SSL,
        accessKey: env.S3_ACCESS_KEY,
        secretKey: env.S3_SECRET_KEY,
        bucket: env.S3_BUCKET,
        pingPrefix,
      };
}

/**
 * The orphan sweep of a service that owns rows pointing at stored objects: an object no row
 * points to is deleted once older than the grace, which is far longer than the time between
 * storing a file and committing its row.
 */
export const orphanSweepEnv = z.object({
  ORPHAN_SWEEP_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(60),
  /** How often the service's folder is walked for orphans. */
  ORPHAN_SWEEP_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(3600),
});
