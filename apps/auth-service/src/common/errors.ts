import { QueryFailedError } from 'typeorm';

/** The name of the unique constraint a failed insert or update ran into, if that was the cause. */
export function uniqueViolation(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driver = error.driverError as { code?: string; constraint?: string };
  return driver.code === '23505' ? (driver.constraint ?? 'unknown') : undefined;
}
