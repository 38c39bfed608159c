/** Postgres's SQLSTATE for a duplicate key (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNIQUE_VIOLATION = '23505';

interface PgError {
  code?: unknown;
  constraint?: unknown;
}

/**
 * The name of the unique constraint a failed insert or update ran into ('unknown' when Postgres
 * did not name one), or undefined when that was not the cause. Takes TypeORM's QueryFailedError
 * (the driver's error in `driverError`) as well as node-pg's own error.
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { driverError } = error as { driverError?: PgError };
  const pg: PgError = driverError ?? error;
  if (pg.code !== UNIQUE_VIOLATION) return undefined;
  return typeof pg.constraint === 'string' ? pg.constraint : 'unknown';
}
