import { Catch, type ArgumentsHost } from '@nestjs/common';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import type { Logger } from '@snaptrack/nest-logging';
import { BusError } from './bus-error.js';

/** Postgres' code for a statement cancelled at statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * A handler whose query ran into the pool's statement_timeout answers a clear, retryable
 * SERVICE_TIMEOUT (HTTP 504) instead of an anonymous internal error; everything else goes
 * the usual way.
 */
@Catch()
export class StatementTimeoutFilter extends BaseRpcExceptionFilter {
  constructor(private readonly logger: Logger) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost) {
    if (!isQueryCanceled(exception)) return super.catch(exception, host);
    // The SQL text says which query ran away; its bound values are left out (they may be codes).
    const { query } = exception as { query?: unknown };
    this.logger.warn({ query }, 'query cancelled at statement_timeout');
    return super.catch(
      new BusError('SERVICE_TIMEOUT', 'The database took too long to answer.'),
      host,
    );
  }
}

function isQueryCanceled(error: unknown): boolean {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return candidate?.code === QUERY_CANCELED || candidate?.driverError?.code === QUERY_CANCELED;
}
