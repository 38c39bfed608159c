import { randomUUID } from 'node:crypto';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { ErrorCode, HttpErrorBody } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import { ApiError } from './api-error.js';
import { httpErrorFor } from './error-mapping.js';

interface Classified {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** Every error leaves as `{success: false, error: {code, message}}` with the mapped status. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const classified = classify(exception);
    const mapped = httpErrorFor(classified.code);
    const body: HttpErrorBody = {
      success: false,
      error: {
        code: classified.code,
        message: mapped.message ?? classified.message,
        ...(classified.details ? { details: classified.details } : {}),
      },
    };
    if (mapped.status >= 500) {
      const errorId = randomUUID();
      body.error.error_id = errorId;
      this.logger.error({ err: exception, errorId, code: classified.code }, 'request failed');
    }
    if (response.headersSent) return;
    // A service's refusal that knows when to come back (sign-in lockout) says so to HTTP too.
    const retryAfter = classified.details?.retry_after_seconds;
    if (
      mapped.status === 429 &&
      typeof retryAfter === 'number' &&
      retryAfter > 0 &&
      !response.get('Retry-After')
    ) {
      response.setHeader('Retry-After', String(Math.ceil(retryAfter)));
    }
    response.status(mapped.status).json(body);
  }
}

function classify(exception: unknown): Classified {
  if (exception instanceof BusError || exception instanceof ApiError) {
    return { code: exception.code, message: exception.message, details: exception.details };
  }
  if (exception instanceof HttpException) {
    return fromHttpException(exception);
  }
  return { code: 'INTERNAL', message: 'Internal server error' };
}

function fromHttpException(exception: HttpException): Classified {
  const status = exception.getStatus();
  const response = exception.getResponse() as string | { message?: string | string[] };
  const raw = typeof response === 'string' ? response : response.message;
  const message = Array.isArray(raw) ? (raw[0] ?? exception.message) : (raw ?? exception.message);
  const byStatus: Record<number, ErrorCode> = {
    400: 'VALIDATION_FAILED',
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
  };
  return { code: byStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED'), message };
}
