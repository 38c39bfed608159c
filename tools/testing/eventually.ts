import { setTimeout as sleep } from 'node:timers/promises';

export interface EventuallyOptions {
  /** Named in the error: `timed out waiting for <what>`. */
  what?: string;
  /** Only ends a test that is stuck: a busy 2-core machine queues every process. */
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Reads until `done(value)` holds and answers that value: for state another process changes
 * in the background (a consumer, a service's sweep, the outbox). On time out the error names
 * what it waited for and the last value read, so the failure says what differed.
 */
export async function eventually<T, S extends T>(
  read: () => T | Promise<T>,
  done: (value: T) => value is S,
  options?: EventuallyOptions,
): Promise<S>;
export async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  options?: EventuallyOptions,
): Promise<T>;
export async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  { what = 'a condition', timeoutMs = 90_000, intervalMs = 250 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last read: ${shortly(value)}`);
    }
    await sleep(intervalMs);
  }
}

/** For `eventually(read, isDefined)`: a read that answers undefined until the thing exists. */
export function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** Checks until `check()` holds (see `eventually`). */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  options?: EventuallyOptions,
): Promise<void> {
  await eventually(check, (holds) => holds, options);
}

function shortly(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
