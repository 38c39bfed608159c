import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';

/**
 * Errors of reaching the database, not of using it: worth another try. A database that has just
 * passed its healthcheck, or a container name that still resolves to the one being replaced
 * (compose down and up), can refuse or time out for a few seconds.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P03', // cannot_connect_now: the server is starting up or shutting down
]);

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return /Connection terminated|connection timeout|timeout expired/i.test(error.message);
}

export interface RetryOptions {
  attempts: number;
  pauseMs: number;
  /** Told of each failed attempt that will be tried again (never the connection string). */
  onRetry?: (error: Error, attempt: number) => void;
}

/**
 * Initializes a fresh data source from `create` until it connects, for connection errors only
 * (a wrong password or a missing database fails at once) and at most `attempts` times.
 */
export async function connectWithRetry(
  create: () => DataSource,
  { attempts, pauseMs, onRetry }: RetryOptions,
): Promise<DataSource> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create().initialize();
    } catch (error) {
      if (attempt >= attempts || !isConnectionError(error)) throw error;
      onRetry?.(error as Error, attempt);
      await sleep(pauseMs);
    }
  }
}
